"""`python -m playhall.canary`: replays the newest archived matches of the candidate's title
and rules major on the candidate rules service, prints every match that came out otherwise
than recorded, and exits 1 if any did (0 if none, 2 if it could not run): a rollout gate."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import grpc
import psycopg

from playhall.canary import recorded
from playhall.canary.replay import Difference, Replayer
from playhall.common.settings import SettingsError, add_flags, load, setting, variables
from playhall.core import get_game, title_ids, versions

DIFFERENT = 1
"""The exit status when some match replayed otherwise than recorded."""
FAILED = 2
"""The exit status when the canary could not run (settings, the candidate, the archive)."""


@dataclass(frozen=True)
class CanarySettings:
    """`common.settings`: each from its variable, overridden by its flag."""

    rules: str = setting(env="PLAYHALL_CANARY_RULES", help="the candidate rules service, host:port")
    database_url: str = setting(help="the archive, a PostgreSQL URL")
    title: str = setting(
        "", env="PLAYHALL_CANARY_TITLE", help="the title to replay; it must be the candidate's"
    )
    matches: int = setting(
        200, env="PLAYHALL_CANARY_MATCHES", minimum=1, help="how many of the newest matches"
    )
    timeout_s: float = setting(
        10.0, env="PLAYHALL_CANARY_TIMEOUT_S", minimum=0.1, help="deadline of each call"
    )


@dataclass(frozen=True)
class Report:
    candidate: str
    """The candidate's rules version."""
    title: str
    major: str
    archived: int
    """Archived matches of the title on the major."""
    replayed: int
    differences: list[Difference]
    seconds: float


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m playhall.canary",
        description="Replay archived matches (seed and moves) on a candidate rules service and "
        "report every match whose states, events, scores or winners differ from the record. "
        "Replays the newest matches of the candidate's title played on its major version (a "
        "minor version must play them all the same). Exit status: 0 none differ, 1 some "
        "differ, 2 the canary could not run.",
        epilog="Environment: " + ", ".join(variables(CanarySettings)) + ".",
    )
    add_flags(parser, CanarySettings, ["rules", "title", "matches", "database_url", "timeout_s"])
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    flags = {k: v for k, v in vars(args).items() if k != "json"}
    try:
        settings = load(CanarySettings, flags)
    except SettingsError as error:
        parser.exit(FAILED, f"playhall.canary: {error}\n")
    if settings.matches < 1 or settings.timeout_s <= 0:
        parser.exit(FAILED, "playhall.canary: --matches and --timeout-s must be positive\n")
    try:
        report = run(settings, progress=sys.stderr.isatty() and not args.json)
    except CanaryError as error:
        parser.exit(FAILED, f"playhall.canary: {error}\n")
    if args.json:
        print(json.dumps(as_json(report), indent=2))
    else:
        print("\n".join(as_text(report)))
    sys.exit(DIFFERENT if report.differences else 0)


class CanaryError(Exception):
    """The canary could not run; the reason is for the operator."""


def run(settings: CanarySettings, progress: bool = False) -> Report:
    started = time.monotonic()
    with grpc.insecure_channel(settings.rules) as channel:
        replayer = Replayer(channel, settings.timeout_s)
        try:
            grpc.channel_ready_future(channel).result(timeout=settings.timeout_s)
            info = replayer.info()
        except (grpc.FutureTimeoutError, grpc.RpcError):
            raise CanaryError(f"no rules service answers at {settings.rules}") from None
        title = settings.title or info.title_id
        if title != info.title_id:
            raise CanaryError(
                f"{settings.rules} serves {info.title_id!r}, not {title!r}: point --rules at "
                f"a candidate of {title}"
            )
        if title in title_ids():
            get_game(title)  # its messages, so states and events are compared by their fields
        major = versions.major(info.rules_version)
        differences = []
        try:
            archived = recorded.count(settings.database_url, title, major)
            matches = recorded.newest(settings.database_url, title, major, settings.matches)
            replayed = 0
            for replayed, match in enumerate(matches, 1):
                found = replayer.replay(match)
                if found:
                    differences.append(found)
                if progress:
                    total = min(archived, settings.matches)
                    print(
                        f"\rreplayed {replayed}/{total}, {len(differences)} differ",
                        end="",
                        file=sys.stderr,
                        flush=True,
                    )
        except psycopg.Error as error:
            raise CanaryError(f"the archive cannot be read: {error}") from None
        except grpc.RpcError as error:
            raise CanaryError(
                f"the candidate stopped answering ({error.code().name}: {error.details()})"
            ) from None
        if progress:
            print(file=sys.stderr)
    return Report(
        info.rules_version,
        title,
        major,
        archived,
        replayed,
        differences,
        time.monotonic() - started,
    )


def as_text(report: Report) -> list[str]:
    lines = [
        f"Replayed {report.replayed} of {report.archived} archived {report.title} matches of "
        f"{report.major} on {report.candidate} in {report.seconds:.1f} s: "
        f"{len(report.differences)} differ."
    ]
    if not report.replayed:
        lines.append("Nothing to compare: the archive holds no match of this major yet.")
    if report.differences:
        header = ("match", "rules", "change", "what", "recorded", "replayed")
        rows = [
            (d.match_id, d.rules_version, str(d.change), d.what, d.recorded, d.replayed)
            for d in report.differences
        ]
        lines += [""] + aligned(header, rows)
    return lines


def aligned(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """A plain-text table, each column as wide as its widest cell (cells cut at 60)."""
    cells = [[cell if len(cell) <= 60 else cell[:57] + "..." for cell in row] for row in rows]
    widths = [max(len(row[i]) for row in [list(header), *cells]) for i in range(len(header))]

    def line(row: Sequence[str]) -> str:
        return "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))

    return [line(header), line(["-" * w for w in widths]), *map(line, cells)]


def as_json(report: Report) -> dict[str, Any]:
    return {
        **{k: v for k, v in dataclasses.asdict(report).items() if k != "differences"},
        "differences": [dataclasses.asdict(d) for d in report.differences],
    }
