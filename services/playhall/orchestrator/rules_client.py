"""Clients of the title rules services. One channel per title, balanced round-robin over every
address (a list of host:port, or a `dns:///` name that resolves to all replicas), so new
replicas get traffic even on long-lived HTTP/2 connections. The channels are asyncio channels:
create `RulesClients` on the event loop that uses it."""

from __future__ import annotations

import ipaddress
import json
import logging
import math
import time
from collections.abc import Mapping, Sequence

import grpc
from prometheus_client import Histogram

from playhall.common.channels import RECONNECT_OPTIONS
from playhall.common.settings import SettingsError
from playhall.orchestrator.errors import (
    Broken,
    IllegalByRules,
    MatchError,
    NotNowByRules,
    Unavailable,
)
from playhall.rules.v1 import rules_service_pb2 as pb
from playhall.rules.v1 import rules_service_pb2_grpc

log = logging.getLogger(__name__)

GAME_INFO_RETRY_S = 2.0
"""How soon a title that never answered is asked again for its GameInfo."""
_SERVICE_CONFIG = json.dumps({"loadBalancingConfig": [{"round_robin": {}}]})
UNREACHABLE = {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED}
RULES_SECONDS = Histogram(
    "playhall_rules_call_seconds", "Latency of calls to rules services.", ["title", "method"]
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


class RulesClients:
    """A stub per title; every call has a deadline, is timed (`playhall_rules_call_seconds`),
    and turns transport failures into `Unavailable` and the service's refusals into the
    domain's (`REFUSALS`)."""

    def __init__(
        self,
        addresses: Mapping[str, Sequence[str]],
        timeout_s: float = 5.0,
        game_info_ttl_s: float = 30.0,
    ):
        self.timeout_s = timeout_s
        self.game_info_ttl_s = game_info_ttl_s
        self._channels = {
            title: grpc.aio.insecure_channel(
                channel_target(addrs),
                options=[
                    ("grpc.service_config", _SERVICE_CONFIG),
                    ("grpc.enable_retries", 1),
                    *RECONNECT_OPTIONS,
                ],
            )
            for title, addrs in addresses.items()
        }
        self._stubs = {
            title: rules_service_pb2_grpc.RulesServiceStub(channel)
            for title, channel in self._channels.items()
        }
        self._game_infos: dict[str, tuple[float, pb.GameInfo]] = {}
        """(when last asked, monotonic seconds; the last info received) by title."""

    def titles(self) -> list[str]:
        return sorted(self._stubs)

    async def call(self, title: str, method: str, request):
        stub = self._stubs[title]
        started = time.perf_counter()
        try:
            return await getattr(stub, method)(request, timeout=self.timeout_s)
        except grpc.RpcError as error:
            if error.code() in UNREACHABLE:
                raise Unavailable(
                    f"The {title} rules service is unavailable; nothing was changed, try again"
                ) from error
            refusal = REFUSALS.get(error.code(), Broken)
            raise refusal(error.details() or error.code().name) from error
        finally:
            RULES_SECONDS.labels(title, method).observe(time.perf_counter() - started)

    async def game_infos(self) -> list[pb.GameInfo]:
        """Every title's GameInfo, asked again once it is `game_info_ttl_s` old (a rolling
        upgrade may change it). A title whose service does not answer keeps its last known
        info, or is left out (and asked again after `GAME_INFO_RETRY_S`) until it first
        answers, so one service down never hides the others."""
        infos = []
        for title in self.titles():
            asked_at, info = self._game_infos.get(title, (-math.inf, None))
            wait = self.game_info_ttl_s if info is not None else GAME_INFO_RETRY_S
            if time.monotonic() - asked_at >= wait:
                # Recorded before asking, so concurrent callers and the callers of the next
                # few seconds do not wait for a service that is down, one after another.
                self._game_infos[title] = (time.monotonic(), info)
                try:
                    info = (await self.call(title, "GetGameInfo", pb.GetGameInfoRequest())).game
                    self._game_infos[title] = (time.monotonic(), info)
                except MatchError as error:
                    log.warning(
                        "game info unavailable", extra={"title": title, "error": error.reason}
                    )
            if info is not None:
                infos.append(info)
        return infos

    async def close(self) -> None:
        for channel in self._channels.values():
            await channel.close()
