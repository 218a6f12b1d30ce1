"""A notice's texts as one reader reads them: its keys (`notices.ftl` of the platform's
catalogue) with their arguments, in the reader's language and time zone.

A notice's arguments are language-neutral, so the inbox can word a stored notice again in the
language of whoever reads it. Some need the reader's locale before Fluent gets them, and say so
by their name:
- `game`: a title id, named by its catalogue's `<title>-name`;
- `others`: display names one a line, joined as the locale joins a list ("Ada and Bob");
  empty: "your opponents";
- `left`: a duration in milliseconds, as the locale says it ("3 hours", "3 Stunden");
  `due_in` the same from now ("in 3 hours", "in 3 Stunden");
- `due`, `until`: a time in Unix milliseconds, as the locale writes a date and time in the
  reader's time zone;
- `change`: a signed number, written with its sign.
Numbers are written in the locale's own digits (Persian ones in Persian), as the portal's
`Intl` writes them; a whole number stays a number for Fluent's plurals."""

from __future__ import annotations

import datetime
import zoneinfo
from collections.abc import Mapping
from dataclasses import dataclass

from babel import Locale
from babel.dates import format_date, format_time, format_timedelta
from babel.lists import format_list

from playhall.core import i18n

NAMES_SEPARATOR = "\n"
"""Between the names of a list argument (a display name holds no line break)."""


@dataclass(frozen=True)
class Reader:
    """Whoever reads a notice: their language (one of `i18n.SHIPPED_LANGUAGES`) and IANA time
    zone."""

    language: str = i18n.SOURCE_LANGUAGE
    time_zone: str = "UTC"

    def read(self, text: i18n.Text) -> str:
        """`text` in the reader's language, its arguments written for the reader."""
        return i18n.platform().format(i18n.Text(text.key, self.arguments(text.args)), self.language)

    def arguments(self, args: Mapping[str, i18n.Argument]) -> dict[str, i18n.Argument]:
        written: dict[str, i18n.Argument] = {}
        for name, value in args.items():
            if name == "game":
                written[name] = i18n.title_name(str(value), self.language)
            elif name == "others":
                written[name] = self._names(str(value))
            elif name in ("left", "due_in"):
                written[name] = self._duration(int(value), from_now=name == "due_in")
            elif name in ("due", "until"):
                written[name] = self._time(int(value))
            elif name == "change":
                written[name] = i18n.decimal(float(value), self.language, "+0.0;-0.0")
            elif isinstance(value, (str, int)):
                written[name] = value  # a whole number: the catalogue writes it
            else:  # a rating, to a tenth
                written[name] = i18n.decimal(value, self.language, "#,##0.0")
        return written

    def _names(self, joined: str) -> str:
        names = [name for name in joined.split(NAMES_SEPARATOR) if name]
        if not names:
            return i18n.platform().format(i18n.Text("notice-your-opponents"), self.language)
        return format_list(names, locale=self.language)

    def _duration(self, ms: int, from_now: bool) -> str:
        # At least a minute; a unit as long as 1.5 of it ("36 hours", not "2 days").
        span = datetime.timedelta(milliseconds=max(ms, 60_000))
        said = format_timedelta(span, threshold=1.5, add_direction=from_now, locale=self.language)
        return said.translate(i18n.digits_of(self.language))

    def _time(self, unix_ms: int) -> str:
        # The date as "medium" writes it, the time to the minute, joined as the locale does.
        local = datetime.datetime.fromtimestamp(unix_ms / 1000, zoneinfo.ZoneInfo(self.time_zone))
        date = format_date(local, "medium", locale=self.language)
        time = format_time(local, "short", locale=self.language)
        joined = Locale.parse(self.language).datetime_formats["medium"].format(time, date)
        return str(joined).translate(i18n.digits_of(self.language))


ENGLISH = Reader()
"""A reader of the source language in UTC: logs, and the inbox's stored English."""


def names(*names: str) -> str:
    """A list argument of `names` (`others`)."""
    return NAMES_SEPARATOR.join(names)
