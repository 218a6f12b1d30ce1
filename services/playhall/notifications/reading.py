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

import contextlib
import datetime
import functools
import importlib
import re
import zoneinfo
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from babel import Locale
from babel.dates import format_date, format_time, format_timedelta
from babel.lists import format_list
from babel.numbers import format_decimal
from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.resolver import CurrentEnvironment, Pattern, ResolverEnvironment
from fluent.runtime.types import FluentInt, FluentNone
from fluent.runtime.utils import native_to_fluent

from playhall.core import i18n

TITLE_ID = re.compile(r"[a-z][a-z0-9_]*")
NAMES_SEPARATOR = "\n"
"""Between the names of a list argument (a display name holds no line break)."""


ZERO_DIGITS = {"latn": "0", "arab": "\u0660", "arabext": "\u06f0", "deva": "\u0966"}
"""The digit zero of CLDR's numbering systems (numberingSystems.xml, whose digits run on from
zero in Unicode), which Babel names as a locale's default but does not write in."""


@functools.cache
def _digits(language: str) -> dict[int, int]:
    """The translation from ASCII digits to the locale's own (CLDR's default numbering)."""
    system = Locale.parse(language).default_numbering_system
    zero = ord(ZERO_DIGITS.get(system, "0"))
    return {ord("0") + digit: zero + digit for digit in range(10)}


def _decimal(value: float, language: str, pattern: str | None = None) -> str:
    """A number in the locale's symbols and digits."""
    written = format_decimal(value, pattern, locale=language, numbering_system="default")
    return written.translate(_digits(language))


class LocalInt(FluentInt):
    """A whole number Fluent writes in its locale's digits (fluent.runtime writes Latin ones)
    and selects a plural on."""

    def format(self, locale: Locale) -> str:
        return _decimal(int(self), str(locale))


class LocalBundle(FluentBundle):
    """fluent.runtime's bundle, but its whole numbers are `LocalInt`s (its own
    `format_pattern` makes every number a `FluentInt`, which writes Latin digits)."""

    def format_pattern(
        self, pattern: Pattern, args: dict[str, Any] | None = None
    ) -> tuple[str | FluentNone, list[Exception]]:
        given = {
            name: LocalInt(value) if isinstance(value, int) else native_to_fluent(value)
            for name, value in (args or {}).items()
        }
        errors: list[Exception] = []
        env = ResolverEnvironment(
            context=self, current=CurrentEnvironment(args=given), errors=errors
        )
        return pattern(env), errors


@functools.cache
def _bundle(language: str) -> LocalBundle:
    """The platform catalogue's messages in `language`, as notices read them."""
    bundle = LocalBundle([language], use_isolating=False)
    bundle.add_resource(FluentResource(i18n.platform().source(language)))
    return bundle


def _format(text: i18n.Text, language: str) -> str:
    """`text` in `language`, or in English where that language lacks it (as `i18n.render`)."""
    for candidate in (language, i18n.SOURCE_LANGUAGE):
        bundle = _bundle(candidate)
        if bundle.has_message(text.key):
            value = bundle.get_message(text.key).value
            if value is not None:
                return str(bundle.format_pattern(value, dict(text.args))[0])
    return text.key


@dataclass(frozen=True)
class Reader:
    """Whoever reads a notice: their language (one of `i18n.SHIPPED_LANGUAGES`) and IANA time
    zone."""

    language: str = i18n.SOURCE_LANGUAGE
    time_zone: str = "UTC"

    def read(self, text: i18n.Text) -> str:
        """`text` in the reader's language, its arguments written for the reader."""
        return _format(i18n.Text(text.key, self.arguments(text.args)), self.language)

    def arguments(self, args: Mapping[str, i18n.Argument]) -> dict[str, i18n.Argument]:
        written: dict[str, i18n.Argument] = {}
        for name, value in args.items():
            if name == "game":
                written[name] = title_name(str(value), self.language)
            elif name == "others":
                written[name] = self._names(str(value))
            elif name in ("left", "due_in"):
                written[name] = self._duration(int(value), from_now=name == "due_in")
            elif name in ("due", "until"):
                written[name] = self._time(int(value))
            elif name == "change":
                written[name] = _decimal(float(value), self.language, "+0.0;-0.0")
            elif isinstance(value, (str, int)):
                written[name] = value  # a whole number: `LocalBundle` writes it
            else:  # a rating, to a tenth
                written[name] = _decimal(value, self.language, "#,##0.0")
        return written

    def _names(self, joined: str) -> str:
        names = [name for name in joined.split(NAMES_SEPARATOR) if name]
        if not names:
            return _format(i18n.Text("notice-your-opponents"), self.language)
        return format_list(names, locale=self.language)

    def _duration(self, ms: int, from_now: bool) -> str:
        # At least a minute; a unit as long as 1.5 of it ("36 hours", not "2 days").
        span = datetime.timedelta(milliseconds=max(ms, 60_000))
        said = format_timedelta(span, threshold=1.5, add_direction=from_now, locale=self.language)
        return said.translate(_digits(self.language))

    def _time(self, unix_ms: int) -> str:
        # The date as "medium" writes it, the time to the minute, joined as the locale does.
        local = datetime.datetime.fromtimestamp(unix_ms / 1000, zoneinfo.ZoneInfo(self.time_zone))
        date = format_date(local, "medium", locale=self.language)
        time = format_time(local, "short", locale=self.language)
        joined = Locale.parse(self.language).datetime_formats["medium"].format(time, date)
        return str(joined).translate(_digits(self.language))


ENGLISH = Reader()
"""A reader of the source language in UTC: logs, and the inbox's stored English."""


def title_name(title_id: str, language: str) -> str:
    """A title's name in `language` from its catalogue (the title id capitalized for a title
    this deployment does not have)."""
    catalogue = _title_catalogue(title_id)
    key = f"{title_id}-name"
    if catalogue is not None and catalogue.has(key, i18n.SOURCE_LANGUAGE):
        return catalogue.format(i18n.Text(key), language)
    return title_id.capitalize()


@functools.cache
def _title_catalogue(title_id: str) -> i18n.Catalogue | None:
    """The title's catalogue, which its engine registers when imported: imported here where
    this process has not (the notifier and the orchestrator play no title themselves), once."""
    if title_id not in i18n.titles() and TITLE_ID.fullmatch(title_id):
        with contextlib.suppress(ImportError):
            importlib.import_module(f"playhall.games.{title_id}.engine")
    return i18n.titles().get(title_id)


def names(*names: str) -> str:
    """A list argument of `names` (`others`)."""
    return NAMES_SEPARATOR.join(names)
