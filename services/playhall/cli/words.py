"""The terminal client's words in the person's language: every text it prints comes from the
platform catalogue (`locales/<lang>/cli.ftl`, keys `cli-...`) or a title's (its name), and
numbers, durations and dates are written by Babel for the language's locale, in its own digits
(Persian ones in Persian).

The language: `playhall --lang LANG`, else the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that
is set (as POSIX reads a locale), negotiated among the shipped languages, else English. Typer
reads the help texts when the module defining the commands is imported, before it parses the
command line: those read `--lang` from `sys.argv` once, at import (`from_argv`)."""

from __future__ import annotations

import datetime
import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from babel import Locale
from babel.dates import format_skeleton
from babel.lists import format_list
from babel.numbers import format_percent
from babel.units import format_unit

from playhall.core import i18n

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""Where a terminal's language is set, the first set one deciding (POSIX's order)."""
LANG_OPTION = "--lang"

_language = i18n.SOURCE_LANGUAGE


def language() -> str:
    """The language the client speaks now."""
    return _language


def use(chosen: str) -> None:
    """Speak `chosen` (a shipped language) from now on."""
    global _language
    _language = chosen


def from_environment(environ: Mapping[str, str] = os.environ) -> str:
    """The shipped language the locale variables name; English for none (or `C`)."""
    for variable in LOCALE_VARIABLES:
        if value := environ.get(variable):
            return i18n.negotiate(value)
    return i18n.SOURCE_LANGUAGE


def chosen(option: str | None, environ: Mapping[str, str] = os.environ) -> str:
    """The language of `--lang` when given, else the environment's."""
    return i18n.negotiate(option) if option else from_environment(environ)


def from_argv(argv: Sequence[str]) -> str | None:
    """The value of `--lang` on a command line (`--lang de` or `--lang=de`), None without."""
    for position, word in enumerate(argv):
        if word.startswith(f"{LANG_OPTION}="):
            return word.partition("=")[2]
        if word == LANG_OPTION and position + 1 < len(argv):
            return argv[position + 1]
    return None


def t(key: str, **args: i18n.Argument) -> str:
    """The platform catalogue's message `key` in the client's language (English where the
    language lacks it): a number argument is written in the locale's digits (a whole one
    selects plurals); a string is passed as written (`number` writes a number just so)."""
    return i18n.render(i18n.Text(key, args), _language)


def _digits(text: str) -> str:
    """`text` with its ASCII digits in the locale's own (Babel writes Latin ones)."""
    return text.translate(i18n.digits_of(_language))


def number(value: float, pattern: str | None = None) -> str:
    """A number as the locale writes it (`pattern` a CLDR pattern, e.g. "#,##0.0")."""
    return i18n.decimal(value, _language, pattern)


def whole(value: int) -> str:
    """A whole number as the locale writes it, for a table's cell."""
    return i18n.decimal(value, _language)


def percent(share: float) -> str:
    return _digits(format_percent(share, locale=_language, numbering_system="default"))


def title_name(title_id: str) -> str:
    """A title's name in the client's language (`i18n.title_name`)."""
    return i18n.title_name(title_id, _language)


def listing(items: Iterable[str]) -> str:
    """Items joined as the locale joins a list ("a, b, and c")."""
    listed = list(items)
    return format_list(listed, locale=_language) if listed else ""


UNITS = (
    ("duration-day", 86_400_000),
    ("duration-hour", 3_600_000),
    ("duration-minute", 60_000),
    ("duration-second", 1000),
)


def duration(ms: int) -> str:
    """A time on a clock as people read it: its two largest units, rounded down (a time left
    is never overstated), a unit of 0 left out: "2d 5h", "3d", "3h 10m", "4m 20s", "45s"
    (German "2 Tg., 5 Std.")."""
    ms = max(0, ms)
    largest = next(i for i, (_, size) in enumerate(UNITS) if ms >= size or i == len(UNITS) - 1)
    unit, size = UNITS[largest]
    parts = [(unit, ms // size)]
    if largest + 1 < len(UNITS):
        smaller, smaller_size = UNITS[largest + 1]
        if rest := ms % size // smaller_size:
            parts.append((smaller, rest))
    # English terminals read "2d 5h"; CLDR's narrow units of other languages are Latin
    # letters ("5m" in Persian), so they read the short ones ("5 Min.", "۵ دقیقه").
    narrow = _language == i18n.SOURCE_LANGUAGE
    length: Literal["narrow", "short"] = "narrow" if narrow else "short"
    style: Literal["unit-narrow", "unit-short"] = "unit-narrow" if narrow else "unit-short"
    said = [format_unit(amount, name, length=length, locale=_language) for name, amount in parts]
    return _digits(format_list(said, style=style, locale=_language))


def _local(unix_ms: int) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(unix_ms / 1000)


def day(unix_ms: int) -> str:
    """A day in local time: "Dec 9" (with its year when it is not this one: "Jan 3, 2028")."""
    when = _local(unix_ms)
    skeleton = "MMMd" if when.year == datetime.date.today().year else "yMMMd"
    return _digits(format_skeleton(skeleton, when, locale=_language))


def moment(unix_ms: int) -> str:
    """A moment in local time, to the minute: "Wed, Dec 9, 14:05" (its year when not this
    one), as the locale joins a date and a time."""
    when = _local(unix_ms)
    skeleton = "MMMEd" if when.year == datetime.date.today().year else "yMMMEd"
    date = format_skeleton(skeleton, when, locale=_language)
    joined = Locale.parse(_language).datetime_formats["medium"].format(clock(unix_ms), date)
    return _digits(str(joined))


def clock(unix_ms: int) -> str:
    """The time of day in local time, "14:05"."""
    return _digits(format_skeleton("Hm", _local(unix_ms), locale=_language))


def short_moment(unix_ms: int) -> str:
    """A day and time of the last days in local time, for a list: "Dec 9, 14:05"."""
    date = format_skeleton("MMMd", _local(unix_ms), locale=_language)
    joined = Locale.parse(_language).datetime_formats["short"].format(clock(unix_ms), date)
    return _digits(str(joined))
