"""The gateway's OIDC settings: they go together, the issuer must be a URL, and the portal's
Content-Security-Policy lets pages fetch from exactly the issuer's origin (none without one)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from playhall.common.settings import SettingsError
from playhall.gateway.app import SecurityHeaders
from playhall.gateway.settings import Settings

BASE = {"orchestrator": "127.0.0.1:1", "gateway_credential": "x"}


def settings(**flags: str) -> Settings:
    return Settings.from_env({**BASE, **flags})


def policy(oidc_origin: str) -> str:
    headers = dict(SecurityHeaders(app=None, oidc_origin=oidc_origin).headers)
    return headers[b"content-security-policy"].decode()


def test_the_issuer_and_the_client_id_go_together():
    with pytest.raises(SettingsError, match="go together"):
        settings(oidc_issuer="https://sso.example.com/realms/playhall")
    with pytest.raises(SettingsError, match="go together"):
        settings(oidc_client_id="playhall")


@pytest.mark.parametrize("issuer", ["sso.example.com", "javascript:alert(1)", "https://"])
def test_an_issuer_that_is_not_a_url_is_refused(issuer):
    with pytest.raises(SettingsError, match="PLAYHALL_OIDC_ISSUER must be an https:// URL"):
        settings(oidc_issuer=issuer, oidc_client_id="playhall")


def test_the_policy_adds_exactly_the_issuers_origin():
    keycloak = settings(
        oidc_issuer="https://sso.example.com:8443/realms/playhall", oidc_client_id="playhall"
    )
    assert keycloak.oidc_origin == "https://sso.example.com:8443"
    assert policy(keycloak.oidc_origin) == (
        "default-src 'self'; style-src 'self'; frame-ancestors 'none';"
        " connect-src 'self' https://sso.example.com:8443"
    )
    auth0 = settings(oidc_issuer="https://example.eu.auth0.com/", oidc_client_id="abc")
    assert auth0.oidc_origin == "https://example.eu.auth0.com"


def test_without_a_provider_pages_fetch_from_their_own_origin_only():
    assert settings().oidc_origin == ""
    assert policy("") == "default-src 'self'; style-src 'self'; frame-ancestors 'none'"


def test_the_help_names_the_oidc_flags():
    shown = subprocess.run(
        [sys.executable, "-m", "playhall.gateway", "--help"], capture_output=True, text=True
    )
    assert shown.returncode == 0
    for flag in ("--oidc-issuer", "--oidc-client-id", "--oidc-scope"):
        assert flag in shown.stdout
    assert "OIDC provider" in shown.stdout
