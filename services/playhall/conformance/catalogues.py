"""The message catalogues a service's refusals are checked against.

A refusal names its message key in a `google.rpc.ErrorInfo` (the reason: the key in upper case
with underscores; the metadata: the message's arguments) and carries the sentence in the
caller's language in a `google.rpc.LocalizedMessage`. A key that starts with "<title>-" is the
title's own, in the catalogue the title ships as Fluent files (`<folder>/<language>/*.ftl`);
any other key is one of Playhall's platform catalogue, which every title shares. The kit reads
the title's files and never imports the title, so a title in any language is judged alike.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from google.protobuf.message import Message
from google.rpc import error_details_pb2

from playhall.conformance.target import Refusal
from playhall.core import i18n, versions

LANGUAGES = i18n.SHIPPED_LANGUAGES
"""The languages every refusal is asked in, and every key must be said in."""

D = TypeVar("D", bound=Message)


def shipped_folder(title_id: str, rules_version: str) -> Path | None:
    """The catalogue Playhall's own title of this id ships for the major of `rules_version`
    (`playhall/games/<title>/locales/<major>`), or None when there is none."""
    catalogue = i18n.shipped(title_id, versions.major(rules_version).rpartition("/")[2])
    return catalogue.folder if catalogue is not None else None


class Catalogues:
    """A title's catalogue and the platform's, with the arguments each message uses in each
    language (read once: a run checks thousands of refusals)."""

    def __init__(self, title_id: str, folder: Path):
        self.prefix = f"{title_id}-"
        self.title = i18n.Catalogue(folder)
        self.platform = i18n.platform()
        self._arguments = {
            id(catalogue): {language: catalogue.variables(language) for language in LANGUAGES}
            for catalogue in (self.title, self.platform)
        }

    def key_of(self, refusal: Refusal) -> str | None:
        """The message key `refusal` names, if it names one."""
        info = _detail(refusal, error_details_pb2.ErrorInfo)
        if info is None:
            return None
        key = i18n.key_of_reason(info.reason)
        return key if i18n.KEY.fullmatch(key) else None

    def problem(self, refusal: Refusal, language: str) -> str | None:
        """What is wrong with the key, the arguments or the sentence of `refusal`, asked in
        `language`; None when nothing is."""
        info = _detail(refusal, error_details_pb2.ErrorInfo)
        if info is None:
            return "no google.rpc.ErrorInfo names its message key"
        key = self.key_of(refusal)
        if key is None:
            return f"the ErrorInfo reason {info.reason!r} names no message key"
        catalogue = self.title if key.startswith(self.prefix) else self.platform
        whose = "the title's" if catalogue is self.title else "the platform"
        arguments = self._arguments[id(catalogue)]
        missing = [lang for lang in LANGUAGES if key not in arguments[lang]]
        if missing:
            return f"{key} is not in {whose} catalogue in {', '.join(missing)}"
        for lang in LANGUAGES:
            if set(info.metadata) != arguments[lang][key]:
                return (
                    f"{key} came with the arguments {sorted(info.metadata)}, but its {lang} "
                    f"message uses {sorted(arguments[lang][key])}"
                )
        localized = _detail(refusal, error_details_pb2.LocalizedMessage)
        if localized is None:
            return f"{key} came without a google.rpc.LocalizedMessage"
        if localized.locale != language:
            return f"{key} came in {localized.locale!r}"
        text = i18n.Text(key, i18n.typed_args(info.metadata))
        expected = catalogue.format(text, language)
        if localized.message != expected:
            return f"{key} said {localized.message!r}, where {whose} catalogue says {expected!r}"
        return None


def _detail(refusal: Refusal, kind: type[D]) -> D | None:
    """The first detail of `kind` in `refusal`'s rich status."""
    for packed in refusal.rich:
        if packed.type_url.rpartition("/")[2] == kind.DESCRIPTOR.full_name:
            detail = kind()
            packed.Unpack(detail)
            return detail
    return None
