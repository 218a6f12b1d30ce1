"""The saved sign-in of the terminal client: a player token and the gateway it is for, in a
file only its owner can read (`$PLAYHALL_CONFIG`, or `$XDG_CONFIG_HOME/playhall/login.json`)."""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path


@dataclass(frozen=True)
class Login:
    gateway: str
    token: str
    player_id: str
    display_name: str
    expires_unix: int
    """0 when unknown (a token given with --token)."""

    @property
    def expired(self) -> bool:
        return 0 < self.expires_unix <= time.time()


def login_path() -> Path:
    if "PLAYHALL_CONFIG" in os.environ:
        return Path(os.environ["PLAYHALL_CONFIG"])
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "playhall" / "login.json"


def save(login: Login) -> Path:
    path = login_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    # Created private, never widened: the token is a password for as long as it lasts.
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as out:
        json.dump(asdict(login), out)
    return path


def load() -> Login | None:
    """The saved sign-in, None when there is none or it has expired."""
    try:
        login = Login(**json.loads(login_path().read_text()))
    except (OSError, ValueError, TypeError):
        return None
    return None if login.expired else login


def forget() -> bool:
    try:
        login_path().unlink()
    except FileNotFoundError:
        return False
    return True
