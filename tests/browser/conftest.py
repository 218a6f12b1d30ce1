"""Fixtures of the browser tests: the whole stack with its gateway (bots play), and headless
Chromium from the system (Debian's `chromium`) driven by Playwright, never a downloaded
browser. Without either, every browser test skips and says why. Everything is module-scoped:
sync Playwright keeps an event loop running in this thread while it is started, which the
other suites' `asyncio.run` could not run beside, so it stops with the module."""

from __future__ import annotations

import shutil

import grpc
import pytest

from playhall.client import MatchClient
from playhall.devstack import Stack

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DESKTOP = {"width": 1280, "height": 900}


def launch(playwright):
    """Headless system Chromium (as root it needs --no-sandbox)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])


@pytest.fixture(scope="module")
def playwright():
    if CHROMIUM is None:
        pytest.skip("no system Chromium: install Debian's `chromium` (.ci/run does as root)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package")
    with sync_api.sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright):
    browser = launch(playwright)
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def stack():
    """Redis, every title's rules service, the orchestrator, a bot worker and the gateway."""
    with Stack(testing=True, gateway=True, extra_env={"PLAYHALL_SWEEP_INTERVAL_S": "0.1"}) as s:
        yield s


@pytest.fixture(scope="module")
def lobby(stack):
    with grpc.insecure_channel(stack.orchestrator.address) as channel:
        yield MatchClient(channel, timeout_s=10)


@pytest.fixture
def page(browser):
    # bypass_csp: the tests' own waiting conditions are scripts the portal's policy would refuse.
    context = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"script errors on the page: {errors}"
