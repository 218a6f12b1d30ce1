"""Layout checks any browser test can run on a page as it stands: tap targets (WCAG 2.2's
2.5.8: every interactive element at least 24 x 24 CSS px, none overlapping another) and
clipped text (an element whose content is wider than its box, `scrollWidth > clientWidth`,
where the box does not scroll). Each check returns one line per finding (empty: all well),
so a test asserts the list is empty and a failure says what and where. The page side is
`layout.js`, evaluated through the DevTools protocol (never a page script, so the portal's
Content-Security-Policy stays whole).

A test can leave elements out of the tap-target check with `exclude`, a CSS selector of
elements (and everything inside them) measured elsewhere; a test that excludes says which
test covers them."""

from __future__ import annotations

from pathlib import Path

MIN_TARGET_PX = 24
CHECKS = (Path(__file__).parent / "layout.js").read_text()


def small_or_overlapping_targets(page, exclude: str = "") -> list[str]:
    """Every shown interactive element of the page smaller than 24 x 24 CSS px, and every pair
    that overlaps, except those within `exclude` (a selector)."""
    return page.evaluate(CHECKS, {"check": "targets", "least": MIN_TARGET_PX, "exclude": exclude})


def clipped_texts(page) -> list[str]:
    """Every shown element with text whose content is wider than its box (not a scrolling
    box), the page's body included: text cut off, or spilling over its neighbours."""
    return page.evaluate(CHECKS, {"check": "clipped", "least": 0, "exclude": ""})
