"""`python -m playhall.conformance --target HOST:PORT`: checks a rules service against the
RulesService contract over the wire."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playhall.conformance.checks import CHECKS, Config, prepare, run_checks
from playhall.conformance.report import as_json, as_table
from playhall.conformance.target import Target, TargetError

EXIT_FAILED = 1
EXIT_UNCHECKABLE = 2


def parser() -> argparse.ArgumentParser:
    promises = "\n".join(f"  {name:<24} {promise}" for name, promise, _ in CHECKS)
    parser = argparse.ArgumentParser(
        prog="python -m playhall.conformance",
        description=(
            "Check a rules service (any language) against the playhall.rules.v1.RulesService "
            "contract over gRPC: it plays seeded random games through the service and probes "
            "their positions, using only the contract and the title's messages (learnt from "
            "the service's server reflection, else from Playhall's own protos). Exit status: "
            "0 every check passed, 1 a check failed, 2 the service could not be checked."
        ),
        epilog="checks:\n" + promises,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--target", required=True, metavar="HOST:PORT", help="the rules service")
    parser.add_argument("--title", help="fail unless the service hosts this title id")
    parser.add_argument(
        "--seeds",
        type=int,
        default=Config.seeds,
        metavar="N",
        help="random games to play, seat counts in turn (default %(default)s)",
    )
    parser.add_argument(
        "--max-moves",
        type=int,
        default=Config.max_moves,
        metavar="N",
        help="a game not over after N moves fails games-end (default %(default)s)",
    )
    parser.add_argument(
        "--probes",
        type=int,
        default=Config.probes,
        metavar="N",
        help="positions of each game probed move by move (default %(default)s)",
    )
    parser.add_argument(
        "--strict-moves",
        action="store_true",
        help="fail any unlisted spelling the service accepts, even one that "
        "plays as a listed move (for titles with one spelling per move)",
    )
    parser.add_argument(
        "--catalogue",
        type=Path,
        metavar="DIR",
        help="the title's message catalogue, DIR/<language>/*.ftl, that refusals-localized "
        "compares refusals with (default: the one Playhall ships for the title's id and "
        "rules major)",
    )
    parser.add_argument(
        "--check",
        action="append",
        choices=[name for name, _, _ in CHECKS],
        help="run only this check (repeatable)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="deadline of each call (default %(default)s)",
    )
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    return parser  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.seeds < 1 or args.max_moves < 1 or args.probes < 2:
        parser().error("--seeds and --max-moves must be at least 1, --probes at least 2")
    try:
        target = Target(args.target, args.timeout)
    except TargetError as error:
        print(f"cannot check {args.target}: {error}", file=sys.stderr)
        return EXIT_UNCHECKABLE
    try:
        if args.title and target.info.title_id != args.title:
            print(
                f"{args.target} hosts {target.info.title_id!r}, not {args.title!r}", file=sys.stderr
            )
            return EXIT_UNCHECKABLE
        config = Config(
            seeds=args.seeds, max_moves=args.max_moves, probes=args.probes,
            strict_moves=args.strict_moves, catalogue=args.catalogue,
        )  # fmt: skip
        results = run_checks(prepare(target, config), set(args.check) if args.check else None)
        print(as_json(target, results) if args.json else as_table(target, results))
        return 0 if all(result.passed for result in results) else EXIT_FAILED
    finally:
        target.close()


if __name__ == "__main__":
    sys.exit(main())
