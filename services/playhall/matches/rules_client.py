"""Clients of the title rules services, routed by rules version.

A title has one or more deployments, typically one per rules version during an upgrade; each is
one channel balanced round-robin over its addresses (a list of host:port, or a `dns:///` name
that resolves to all its replicas), so new replicas get traffic even on long-lived HTTP/2
connections. Which version a deployment plays is what its GetGameInfo says (asked again every
`game_info_ttl_s`), never a setting that could disagree with the image it runs. New matches
start on the newest version; a match is served only by a deployment of its own version, else of
its major (`core.versions`), and refused when no such deployment is configured any more. The
channels are asyncio channels: create `RulesClients` on the event loop that uses it."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import math
import time
from collections.abc import Mapping, Sequence

import grpc
from prometheus_client import Gauge, Histogram

from playhall.common.channels import RECONNECT_OPTIONS
from playhall.common.errors import (
    Broken,
    IllegalByRules,
    MatchError,
    NotNowByRules,
    RulesVersionGone,
    Unavailable,
)
from playhall.common.refusal_details import (
    CALLER_LANGUAGE,
    LANGUAGE_HEADER,
    received_refusal,
)
from playhall.common.settings import SettingsError
from playhall.core import i18n, versions
from playhall.rules.v1 import rules_service_pb2 as pb
from playhall.rules.v1 import rules_service_pb2_grpc

log = logging.getLogger(__name__)

GAME_INFO_RETRY_S = 2.0
"""How soon a deployment that never answered is asked again for its GameInfo."""
_SERVICE_CONFIG = json.dumps({"loadBalancingConfig": [{"round_robin": {}}]})
UNREACHABLE = {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED}
RULES_SECONDS = Histogram(
    "playhall_rules_call_seconds", "Latency of calls to rules services.", ["title", "method"]
)
RULES_DEPLOYMENTS = Gauge(
    "playhall_rules_deployment_info",
    "1 for each deployment of a title's rules service, with the version it last said it plays.",
    ["title", "target", "rules_version"],
)


REFUSALS = {
    grpc.StatusCode.INVALID_ARGUMENT: IllegalByRules,
    grpc.StatusCode.FAILED_PRECONDITION: NotNowByRules,
}
"""The rules contract's refusals, as the domain's; any other status is a rules service
answering outside its contract."""


def channel_target(addresses: Sequence[str]) -> str:
    """A gRPC target for the addresses: one address (`host:port`, `dns:///name:port`) as it is;
    several as a list of IP literals. Several host names would need one DNS name instead."""
    if len(addresses) == 1:
        return addresses[0]
    hosts = [address.rpartition(":")[0].strip("[]") for address in addresses]
    try:
        families = {ipaddress.ip_address(host).version for host in hosts}
    except ValueError:
        raise SettingsError(
            f"{', '.join(addresses)}: list IP addresses, or give one dns:///name:port that "
            "resolves to every replica"
        ) from None
    if len(families) > 1:
        raise SettingsError(f"{', '.join(addresses)}: do not mix IPv4 and IPv6 addresses")
    return f"ipv{families.pop()}:" + ",".join(addresses)


class Deployment:
    """One deployment of a title's rules service: a channel over its addresses, and the
    GameInfo it last answered (None until it first answers)."""

    def __init__(self, title: str, addresses: Sequence[str]):
        self.title = title
        self.target = channel_target(addresses)
        self.channel = grpc.aio.insecure_channel(
            self.target,
            options=[
                ("grpc.service_config", _SERVICE_CONFIG),
                ("grpc.enable_retries", 1),
                *RECONNECT_OPTIONS,
            ],
        )
        self.stub = rules_service_pb2_grpc.RulesServiceStub(self.channel)
        self.info: pb.GameInfo | None = None
        self.asked_at = -math.inf
        """When GetGameInfo was last asked (or answered), monotonic seconds."""
        self.asking: asyncio.Future[None] | None = None
        """The GetGameInfo in flight, if one is."""

    @property
    def version(self) -> str | None:
        return self.info.rules_version if self.info is not None else None


class RulesClients:
    """The deployments of every title; every call has a deadline, is timed
    (`playhall_rules_call_seconds`), and turns transport failures into `Unavailable` and the
    service's refusals into the domain's (`REFUSALS`)."""

    def __init__(
        self,
        addresses: Mapping[str, Sequence[Sequence[str]]],
        timeout_s: float = 5.0,
        game_info_ttl_s: float = 30.0,
    ):
        """`addresses`: by title, the addresses of each of its deployments."""
        self.timeout_s = timeout_s
        self.game_info_ttl_s = game_info_ttl_s
        self._deployments = {
            title: [Deployment(title, group) for group in groups]
            for title, groups in addresses.items()
        }

    def titles(self) -> list[str]:
        return sorted(self._deployments)

    async def call(self, title: str, method: str, request, rules_version: str | None = None):
        """Calls the deployment that serves `rules_version` (a match's), or the newest one
        for None (a new match, the lobby)."""
        if rules_version is None:
            deployment = await self._newest(title)
        else:
            deployment = await self._serving(title, rules_version)
        return await self._call(deployment, method, request)

    async def _call(self, deployment: Deployment, method: str, request):
        title = deployment.title
        started = time.perf_counter()
        language = CALLER_LANGUAGE.get()
        # Asked in the caller's language, the rules service writes its refusals in it too.
        metadata = None if language == i18n.SOURCE_LANGUAGE else ((LANGUAGE_HEADER, language),)
        try:
            return await getattr(deployment.stub, method)(
                request, timeout=self.timeout_s, metadata=metadata
            )
        except grpc.aio.AioRpcError as error:
            if error.code() in UNREACHABLE:
                raise Unavailable("rules-service-unavailable", title=title) from error
            reason = error.details() or error.code().name
            refusal = REFUSALS.get(error.code())
            if refusal is None:
                log.error(
                    "rules service answered outside its contract",
                    extra={"title": title, "code": error.code().name, "error": reason[:200]},
                )
                raise Broken("rules-service-failed", title=title, code=error.code().name) from error
            text, localized = received_refusal(error.trailing_metadata())
            raise refusal(
                reason, text, (localized.locale, localized.message) if localized else None
            ) from error
        finally:
            RULES_SECONDS.labels(title, method).observe(time.perf_counter() - started)

    async def _refresh(self, title: str) -> list[Deployment]:
        """The title's deployments, each asked again for its GameInfo once its answer is
        `game_info_ttl_s` old (a rolling upgrade may change it), in the background: calls go
        on with what it said last. A deployment that never answered yet is waited for (it is
        asked again `GAME_INFO_RETRY_S` after each failure), so one down never hides the
        others, and every caller of the moment waits for the one question."""
        deployments = self._deployments[title]
        for deployment in deployments:
            wait = self.game_info_ttl_s if deployment.info is not None else GAME_INFO_RETRY_S
            due = time.monotonic() - deployment.asked_at >= wait
            if due and (deployment.asking is None or deployment.asking.done()):
                deployment.asked_at = time.monotonic()
                deployment.asking = asyncio.ensure_future(self._ask(deployment))
        waiting = [
            d.asking for d in deployments if d.info is None and d.asking and not d.asking.done()
        ]
        if waiting:
            await asyncio.wait(waiting)
        return deployments

    async def _ask(self, deployment: Deployment) -> None:
        """Asks `deployment` which version it plays; keeps what it said before if it fails."""
        try:
            answer = await self._call(deployment, "GetGameInfo", pb.GetGameInfoRequest())
        except MatchError as error:
            log.warning(
                "game info unavailable",
                extra={
                    "title": deployment.title,
                    "target": deployment.target,
                    "error": error.reason,
                },
            )
            return
        if deployment.version not in (None, answer.game.rules_version):
            RULES_DEPLOYMENTS.remove(deployment.title, deployment.target, deployment.version)
            log.info(
                "rules version changed",
                extra={
                    "title": deployment.title,
                    "target": deployment.target,
                    "from": deployment.version,
                    "to": answer.game.rules_version,
                },
            )
        deployment.info = answer.game
        deployment.asked_at = time.monotonic()
        RULES_DEPLOYMENTS.labels(deployment.title, deployment.target, deployment.version).set(1)

    async def _newest(self, title: str) -> Deployment:
        known = [d for d in await self._refresh(title) if d.version is not None]
        if not known:
            raise Unavailable("rules-service-unavailable", title=title)
        return max(known, key=_version_order)

    async def _serving(self, title: str, rules_version: str) -> Deployment:
        """The deployment of exactly `rules_version`, else the newest of its major. None
        configured: refused for good (the match is never played under other rules), unless
        a deployment has not said its version yet (it may be the one)."""
        deployments = await self._refresh(title)
        exact = [d for d in deployments if d.version == rules_version]
        compatible = [
            d for d in deployments if d.version and versions.compatible(d.version, rules_version)
        ]
        if exact:
            return exact[0]
        if compatible:
            return max(compatible, key=_version_order)
        if any(d.version is None for d in deployments):
            raise Unavailable("rules-service-unavailable", title=title)
        raise RulesVersionGone(
            "rules-version-gone",
            version=rules_version,
            major=versions.major(rules_version),
            served=", ".join(sorted({d.version or "" for d in deployments})),
        )

    async def game_infos(self) -> list[pb.GameInfo]:
        """Every title's GameInfo as new matches get it: its newest deployment's. A title
        none of whose deployments ever answered is left out."""
        infos = []
        for title in self.titles():
            try:
                deployment = await self._newest(title)
            except Unavailable:
                continue
            if deployment.info is not None:
                infos.append(deployment.info)
        return infos

    async def close(self) -> None:
        for deployments in self._deployments.values():
            for deployment in deployments:
                if deployment.asking is not None:
                    deployment.asking.cancel()
                await deployment.channel.close()


def _version_order(deployment: Deployment) -> tuple[int, ...]:
    return versions.order(deployment.version or "")
