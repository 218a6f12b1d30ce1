"""The portal's message catalogues, served to the browser's Fluent runtime (`portal/js/i18n.js`):

- `GET /locales/languages.json`: the languages this deployment offers, its default, those
  written right to left and each one's name in itself;
- `GET /locales/<lang>.ftl`: the platform's catalogue in a language (all its files joined);
- `GET /locales/<title>/<major>/<lang>.ftl`: a title's catalogue at a major rules version.

English, the source language, is served whatever is offered: the portal falls back to it for a
key a translation lacks."""

from __future__ import annotations

import re

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from playhall.core import i18n
from playhall.gateway.settings import Settings

LANGUAGE = re.compile(r"^[a-z]{2,3}$")
CACHE = {"cache-control": "max-age=300"}
"""Like the portal's other data: a deployment's new catalogue reaches browsers within minutes."""
FTL = "text/plain; charset=utf-8"
NAME_KEY = "portal-language-name"
"""The key of a language's own name in that language (portal-common.ftl)."""


def _not_found() -> Response:
    return PlainTextResponse("not found", status_code=404)


def locale_routes(settings: Settings) -> list[Route]:
    offered = settings.offered_languages
    served = {*offered, i18n.SOURCE_LANGUAGE}

    async def languages_json(_request: Request) -> JSONResponse:
        platform = i18n.platform()
        names = {lang: platform.format(i18n.Text(NAME_KEY), lang) for lang in offered}
        body = {
            "offered": list(offered),
            "default": settings.default_language,
            "rtl": sorted(i18n.RIGHT_TO_LEFT & set(offered)),
            "names": names,
        }
        return JSONResponse(body, headers=CACHE)

    async def platform_ftl(request: Request) -> Response:
        lang = request.path_params["lang"]
        if lang not in served:
            return _not_found()
        return Response(i18n.platform().source(lang), media_type=FTL, headers=CACHE)

    async def title_ftl(request: Request) -> Response:
        title, major, lang = (request.path_params[name] for name in ("title", "major", "lang"))
        if not LANGUAGE.match(lang):
            return _not_found()
        catalogue = i18n.shipped(title, major)
        if lang not in served or catalogue is None or lang not in catalogue.languages:
            return _not_found()
        return Response(catalogue.source(lang), media_type=FTL, headers=CACHE)

    return [
        Route("/locales/languages.json", languages_json),
        Route("/locales/{lang}.ftl", platform_ftl),
        Route("/locales/{title}/{major}/{lang}.ftl", title_ftl),
    ]
