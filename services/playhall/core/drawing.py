"""What the titles' text drawings (`render.text`) draw alike, in the title's own catalogue."""

from __future__ import annotations

from playhall.core.api import SPECTATOR, Viewer
from playhall.core.i18n import Text


def seen_by(title_id: str, viewer: Viewer) -> Text:
    """A drawing's first line: whom the view is drawn for, a seat
    (`<title>-render-seen-by-seat`, with `$seat`) or a spectator
    (`<title>-render-seen-by-spectator`)."""
    if viewer is SPECTATOR:
        return Text(f"{title_id}-render-seen-by-spectator")
    return Text(f"{title_id}-render-seen-by-seat", {"seat": viewer})
