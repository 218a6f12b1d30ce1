"""Typed settings read once from the environment, failing fast with a clear message.

Every service declares its settings as a frozen dataclass whose fields are `setting(...)`s and
builds it with `load` when it starts: each field's variable is named once, from the field
(`PLAYHALL_` and its name in capitals, unless the field names another), parsed as the field's
type (a `T | None` field as T, None when unset), and a missing required variable or a
malformed value stops the service with a message naming the variable. Command-line flags,
where a service has them, are made from the same fields by `add_flags` and win over the
environment.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import typing
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

PREFIX = "PLAYHALL_"
T = TypeVar("T")


class SettingsError(Exception):
    """A required setting is missing or malformed."""


def setting(
    default: Any = dataclasses.MISSING,
    *,
    env: str = "",
    minimum: float | None = None,
    help: str = "",
    derived: bool = False,
) -> Any:
    """A field of a settings dataclass. `env` names its variable when it is not `PLAYHALL_`
    and the field's name in capitals; `minimum` refuses smaller numbers; `help` is what its
    command-line flag says. A `derived` field is computed from the variables `env` describes
    and given to `load`."""
    return dataclasses.field(
        default=default,
        metadata={"env": env, "minimum": minimum, "help": help, "derived": derived},
    )


def variable(field: dataclasses.Field[Any]) -> str:
    """The environment variable a settings field is read from."""
    return field.metadata.get("env") or PREFIX + field.name.upper()


def variables(cls: type) -> list[str]:
    """Every variable a settings dataclass reads, in field order."""
    return [variable(field) for field in dataclasses.fields(cls) if field.init]


def defaults(cls: type) -> list[str]:
    """Every variable a settings dataclass reads with its default, "NAME=default", for a
    `--help`."""
    return [
        f"{variable(field)}={field.default}"
        for field in dataclasses.fields(cls)
        if field.init and field.default not in (dataclasses.MISSING, None)
    ]


def load(cls: type[T], flags: Mapping[str, Any] | None = None, **derived: Any) -> T:
    """The settings dataclass `cls`, from the environment. Values in `flags` that are not None
    win over variables; `derived` gives fields computed elsewhere (e.g. from several
    variables)."""
    hints = typing.get_type_hints(cls)
    values: dict[str, Any] = dict(derived)
    for field in dataclasses.fields(cls):  # type: ignore[arg-type]
        if field.name in values or not field.init:
            continue
        if field.metadata.get("derived"):
            raise TypeError(f"{cls.__name__}.{field.name} is derived: pass it to load")
        given = (flags or {}).get(field.name)
        values[field.name] = given if given is not None else _read(field, hints[field.name])
    return cls(**values)


def add_flags(parser: argparse.ArgumentParser, cls: type, names: Sequence[str]) -> None:
    """Command-line flags (`--metrics-port` for `metrics_port`) for the named fields of a
    settings dataclass, each saying its variable and default."""
    hints = typing.get_type_hints(cls)
    by_name = {field.name: field for field in dataclasses.fields(cls)}
    for name in names:
        field = by_name[name]
        unset = field.default is dataclasses.MISSING or field.default is None
        default = "" if unset else f", default {field.default}"
        parser.add_argument(
            "--" + name.replace("_", "-"),
            type=_parsed_as(hints[name]),
            help=f"{field.metadata.get('help') or name} (env {variable(field)}{default})",
        )


def _parsed_as(kind: Any) -> Any:
    """The type a value is parsed as: T for an optional `T | None`."""
    given = [arg for arg in typing.get_args(kind) if arg is not type(None)]
    if len(given) == 1 and type(None) in typing.get_args(kind):
        return given[0]
    return kind


def _read(field: dataclasses.Field[Any], kind: Any) -> Any:
    name = variable(field)
    kind = _parsed_as(kind)
    raw = os.environ.get(name, "").strip()
    if not raw:
        if field.default is dataclasses.MISSING:
            raise SettingsError(f"{name} must be set")
        return field.default
    if kind is bool:
        return raw.lower() in ("1", "true", "yes")
    if kind is str:
        return raw
    try:
        value = kind(raw)
    except ValueError:
        what = "a whole number" if kind is int else "a number"
        raise SettingsError(f"{name} must be {what}, not {raw!r}") from None
    minimum = field.metadata.get("minimum")
    if minimum is not None and value < minimum:
        raise SettingsError(f"{name} must be at least {minimum}, not {value}")
    return value


def env_str(name: str, default: str | None = None) -> str:
    """One variable outside a settings dataclass (e.g. the broker URL, derived from two)."""
    value = os.environ.get(name, default)
    if value is None or value == "":
        raise SettingsError(f"{name} must be set")
    return value


def env_bool(name: str) -> bool:
    """True when the variable is 1, true or yes (in any case)."""
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes")
