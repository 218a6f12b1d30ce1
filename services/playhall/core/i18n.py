"""Texts a person reads, as message keys with arguments: never sentences built in code.

A `Text` is what travels (in a refusal, a notice, an event log): a key and its arguments. A
`Catalogue` turns it into a sentence in a reader's language, from Fluent files
(https://projectfluent.org), one folder per language: `<folder>/<language>/*.ftl`. Plurals,
numbers and dates come from CLDR through Babel (fluent.runtime's own), never hand-written.

Two kinds of catalogue:
- the platform's, `playhall/locales/`, whose keys have no title prefix;
- a title's, `playhall/games/<title>/locales/<major>/`, registered by the title under its
  title id: its keys start with "<title>-". A major rules version keeps its folder, so a replay
  of an old match reads the texts it was played with.

A key missing in a language falls back to English (the source language), so a reader sees a
sentence rather than a key; the completeness check (tests/unit/test_messages.py) keeps that
from shipping."""

from __future__ import annotations

import datetime
import functools
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from babel import Locale
from babel.numbers import format_decimal
from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.resolver import CurrentEnvironment, Pattern, ResolverEnvironment
from fluent.runtime.types import (
    FluentDate,
    FluentDateTime,
    FluentFloat,
    FluentInt,
    FluentNone,
    FluentType,
    fluent_date,
    fluent_number,
)
from fluent.runtime.utils import native_to_fluent
from fluent.syntax import ast as fluent_ast
from fluent.syntax import parse as parse_fluent

SOURCE_LANGUAGE = "en"
"""The language every text is written in first; the others translate it."""
SHIPPED_LANGUAGES = ("en", "de", "fa")
"""The languages whose catalogues are complete (the completeness check holds them)."""
RIGHT_TO_LEFT = frozenset({"fa"})
"""Languages written right to left: the portal sets `dir="rtl"` for them."""
PLATFORM_FOLDER = Path(__file__).resolve().parent.parent / "locales"
"""The platform's catalogue (portal, terminal client, refusals of the match domain, notices)."""

KEY = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
"""A message key: lower-case words joined by hyphens (an ErrorInfo reason is the key in
upper case with underscores, so the two map both ways)."""

Argument = str | int | float
"""A message argument: Fluent selects plurals on numbers and formats them for the locale."""


ARGUMENT_CHARS = 200
"""The most characters of a string argument a text keeps (the rest is cut, with an ellipsis)."""


def _bounded(value: Argument) -> Argument:
    if isinstance(value, str) and len(value) > ARGUMENT_CHARS:
        return value[: ARGUMENT_CHARS - 1] + "\u2026"
    return value


@dataclass(frozen=True)
class Text:
    """A text as it travels: a message key and its arguments, formatted by its reader."""

    key: str
    args: Mapping[str, Argument] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        if not KEY.fullmatch(self.key):
            raise ValueError(f"not a message key: {self.key!r}")
        # A refusal may quote what it refused (a name, an option): a bounded quote, so a huge
        # request makes neither a huge status nor a sentence Fluent refuses to format.
        bounded = {name: _bounded(value) for name, value in self.args.items()}
        object.__setattr__(self, "args", MappingProxyType(bounded))


def error_reason(key: str) -> str:
    """The `google.rpc.ErrorInfo.reason` of a key: "galileo-not-in-hand" is
    "GALILEO_NOT_IN_HAND"."""
    return key.upper().replace("-", "_")


def key_of_reason(reason: str) -> str:
    """The key an `ErrorInfo.reason` names (`error_reason` undone)."""
    return reason.lower().replace("_", "-")


def wire_args(args: Mapping[str, Argument]) -> dict[str, str]:
    """Arguments as `ErrorInfo.metadata` carries them (strings)."""
    return {name: str(value) for name, value in args.items()}


def typed_args(metadata: Mapping[str, str]) -> dict[str, Argument]:
    """`wire_args` undone: a number is a number again (a plural selects on it, the locale
    writes it)."""
    return {name: _typed(value) for name, value in metadata.items()}


def _typed(value: str) -> Argument:
    if re.fullmatch(r"-?\d{1,15}", value):
        return int(value)
    if re.fullmatch(r"-?\d{1,15}\.\d{1,15}", value):
        return float(value)
    return value


ZERO_DIGITS = {"latn": "0", "arab": "\u0660", "arabext": "\u06f0", "deva": "\u0966"}
"""The digit zero of CLDR's numbering systems (numberingSystems.xml, whose digits run on from
zero in Unicode): Babel names a locale's default system but writes Latin digits."""


@functools.cache
def digits_of(language: str) -> dict[int, int]:
    """The translation (for `str.translate`) from ASCII digits to the locale's own."""
    system = Locale.parse(language).default_numbering_system
    zero = ord(ZERO_DIGITS.get(system, "0"))
    return {ord("0") + digit: zero + digit for digit in range(10)}


def decimal(value: float, language: str, pattern: str | None = None) -> str:
    """A number in the locale's symbols and digits (Persian ones in Persian)."""
    written = format_decimal(value, pattern, locale=language, numbering_system="default")
    return written.translate(digits_of(language))


class LocalInt(FluentInt):
    """A whole number Fluent selects plurals on and writes in its locale's digits."""

    def format(self, locale: Locale) -> str:
        return super().format(locale).translate(digits_of(str(locale)))


class LocalFloat(FluentFloat):
    """A number with a fraction, written in its locale's digits."""

    def format(self, locale: Locale) -> str:
        return super().format(locale).translate(digits_of(str(locale)))


class LocalDigits(FluentType):
    """A formatted value (a date) written in its locale's digits."""

    def __init__(self, value: FluentType):
        self.value = value

    def format(self, locale: Locale) -> str:
        return self.value.format(locale).translate(digits_of(str(locale)))


def localized(value: Any) -> Any:
    """A Fluent value that writes its digits in the locale's own: fluent.runtime's numbers
    and dates write Latin ones."""
    if isinstance(value, FluentInt | int) and not isinstance(value, LocalInt | bool):
        return LocalInt(value)
    if isinstance(value, FluentFloat | float) and not isinstance(value, LocalFloat):
        return LocalFloat(value)
    if isinstance(value, FluentDate | FluentDateTime):
        return LocalDigits(value)
    return value


class LocalBundle(FluentBundle):
    """fluent.runtime's bundle whose numbers (arguments and NUMBER's) and dates are written
    in the locale's digits (`localized`)."""

    def format_pattern(
        self, pattern: Pattern, args: dict[str, Any] | None = None
    ) -> tuple[str | FluentNone, list[Exception]]:
        given = {name: localized(native_to_fluent(value)) for name, value in (args or {}).items()}
        errors: list[Exception] = []
        env = ResolverEnvironment(
            context=self, current=CurrentEnvironment(args=given), errors=errors
        )
        return pattern(env), errors


class Catalogue:
    """The messages of one domain (the platform, or a title at one major version) in each
    language that has a folder under `folder`."""

    def __init__(self, folder: Path):
        self.folder = folder
        self._bundles: dict[str, LocalBundle] = {}
        self._sources: dict[str, str] = {}

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(sorted(path.name for path in self.folder.iterdir() if path.is_dir()))

    def source(self, language: str) -> str:
        """Every file of `language`, joined in name order (what the portal loads)."""
        if language not in self._sources:
            folder = self.folder / language
            files = sorted(folder.glob("*.ftl")) if folder.is_dir() else []
            self._sources[language] = "\n".join(path.read_text("utf-8") for path in files)
        return self._sources[language]

    def _bundle(self, language: str) -> FluentBundle:
        bundle = self._bundles.get(language)
        if bundle is None:
            # Unicode isolation marks around arguments would reach logs and terminals as
            # invisible characters; the portal's bundle isolates them where text direction
            # needs it (a Latin name inside a Persian sentence).
            bundle = LocalBundle([language], functions=FUNCTIONS, use_isolating=False)
            bundle.add_resource(FluentResource(self.source(language)))
            self._bundles[language] = bundle
        return bundle

    def has(self, key: str, language: str) -> bool:
        return self._bundle(language).has_message(key)

    def format(self, text: Text, language: str = SOURCE_LANGUAGE) -> str:
        """`text` in `language`, or in English where that language lacks the key (the key
        itself where English lacks it too: a bug the completeness check catches)."""
        for candidate in (language, SOURCE_LANGUAGE):
            bundle = self._bundle(candidate)
            if bundle.has_message(text.key):
                message = bundle.get_message(text.key)
                if message.value is None:
                    break
                formatted, _errors = bundle.format_pattern(message.value, dict(text.args))
                return str(formatted)
        return text.key

    def keys(self, language: str) -> set[str]:
        return set(self.variables(language))

    def variables(self, language: str) -> dict[str, set[str]]:
        """Each message's key and the names of the arguments it uses (`$name`), for the
        completeness check: a translation uses the same arguments as the source."""
        messages: dict[str, set[str]] = {}
        for entry in parse_fluent(self.source(language)).body:
            if isinstance(entry, fluent_ast.Message):
                messages[entry.id.name] = _variables_in(entry)
        return messages


def _variables_in(node: object) -> set[str]:
    found: set[str] = set()
    if isinstance(node, fluent_ast.VariableReference):
        found.add(node.id.name)
    if isinstance(node, fluent_ast.BaseNode):
        for value in vars(node).values():
            children = value if isinstance(value, list) else [value]
            for child in children:
                found |= _variables_in(child)
    return found


def _datetime(value: Any, **options: Any) -> Any:
    """Fluent's DATETIME, which also takes a time as arguments travel (an ISO 8601 string: a
    refusal's metadata is strings), as the portal's `@fluent/bundle` takes a timestamp."""
    if isinstance(value, str):
        try:
            value = datetime.datetime.fromisoformat(value)
        except ValueError:
            return FluentNone(value)
    return localized(fluent_date(value, **options))


def _number(value: Any, **options: Any) -> Any:
    """Fluent's NUMBER, writing the locale's digits."""
    return localized(fluent_number(value, **options))


FUNCTIONS: dict[str, Callable[..., Any]] = {"DATETIME": _datetime, "NUMBER": _number}
"""Fluent's DATETIME and NUMBER as Playhall's catalogues call them (`localized`)."""


_TITLES: dict[str, Catalogue] = {}


@functools.cache
def platform() -> Catalogue:
    return Catalogue(PLATFORM_FOLDER)


def register(title_id: str, folder: Path) -> Catalogue:
    """A title's catalogue (its keys start with "<title_id>-"), found by `catalogue_of`."""
    catalogue = Catalogue(folder)
    _TITLES[title_id] = catalogue
    return catalogue


def titles() -> Mapping[str, Catalogue]:
    """Every registered title's catalogue, by title id."""
    return MappingProxyType(_TITLES)


GAMES_FOLDER = PLATFORM_FOLDER.parent / "games"
"""Where Playhall's own titles ship their catalogues: `<title>/locales/<major>/`."""
TITLE_ID = re.compile(r"[a-z][a-z0-9_]*")
MAJOR = re.compile(r"[0-9]{1,4}")


@functools.cache
def shipped(title_id: str, major: str | None = None) -> Catalogue | None:
    """The catalogue one of Playhall's titles ships for a major rules version ("1"; None: its
    newest), read as data: a process that plays no title (the notifier, the gateway, the
    conformance kit) names a title without importing it. None when there is none."""
    if not TITLE_ID.fullmatch(title_id) or (major is not None and not MAJOR.fullmatch(major)):
        return None
    folders = [path for path in (GAMES_FOLDER / title_id / "locales").glob("*") if path.is_dir()]
    if major is not None:
        folders = [path for path in folders if path.name == major]
    if not folders:
        return None
    return Catalogue(max(folders, key=lambda path: int(path.name) if path.name.isdigit() else -1))


def title_name(title_id: str, language: str) -> str:
    """A title's name in `language` (`<title>-name` of its catalogue; the id capitalized for a
    title Playhall does not ship)."""
    catalogue = _TITLES.get(title_id) or shipped(title_id)
    key = f"{title_id}-name"
    if catalogue is None or not catalogue.has(key, SOURCE_LANGUAGE):
        return title_id.capitalize()
    return catalogue.format(Text(key), language)


def catalogue_of(key: str) -> Catalogue:
    """The catalogue holding `key`: its title's when the key starts with a title's id (one
    registered in this process, else one Playhall ships), else the platform's."""
    prefix = key.partition("-")[0]
    return _TITLES.get(prefix) or shipped(prefix) or platform()


def render(text: Text, language: str = SOURCE_LANGUAGE) -> str:
    """`text` in `language`, from the catalogue its key belongs to."""
    return catalogue_of(text.key).format(text, language)


def english(key: str, **args: Argument) -> str:
    """The English sentence of a key (logs, a status message)."""
    return render(Text(key, args))


def negotiate(
    accepted: str | None,
    offered: Iterable[str] = SHIPPED_LANGUAGES,
    default: str = SOURCE_LANGUAGE,
) -> str:
    """The offered language an `Accept-Language` value (or a `LANG` such as "de_DE.UTF-8")
    prefers most; `default` when it names none of them."""
    offered = tuple(offered)
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate((accepted or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        language = re.split(r"[-_.@]", tag.strip().lower(), maxsplit=1)[0]
        if language in offered and weight > 0:
            ranked.append((-weight, position, language))
    return min(ranked)[2] if ranked else default
