"""Typed settings read once from the environment, failing fast with a clear message."""

import os


class SettingsError(Exception):
    """A required setting is missing or malformed."""


def env_str(name: str, default: str | None = None) -> str:
    value = os.environ.get(name, default)
    if value is None or value == "":
        raise SettingsError(f"{name} must be set")
    return value


def env_int(name: str, default: int | None = None, minimum: int | None = None) -> int:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        if default is None:
            raise SettingsError(f"{name} must be set")
        return default
    try:
        value = int(raw)
    except ValueError:
        raise SettingsError(f"{name} must be a whole number, not {raw!r}") from None
    if minimum is not None and value < minimum:
        raise SettingsError(f"{name} must be at least {minimum}, not {value}")
    return value


def env_float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        return float(raw)
    except ValueError:
        raise SettingsError(f"{name} must be a number, not {raw!r}") from None


def env_bool(name: str) -> bool:
    """True when the variable is 1, true or yes (in any case)."""
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes")
