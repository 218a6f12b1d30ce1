"""The conformance report: an aligned table for people, or JSON for CI."""

from __future__ import annotations

import json

from playhall.conformance.checks import Result
from playhall.conformance.target import Target

SHOWN_FAILURES = 5
"""Failures printed per check in the table; the JSON carries every one."""


def as_json(target: Target, results: list[Result]) -> str:
    info = target.info
    return json.dumps(
        {
            "target": target.address,
            "title_id": info.title_id,
            "rules_version": info.rules_version,
            "passed": all(result.passed for result in results),
            "checks": [
                {
                    "name": result.name,
                    "promise": result.promise,
                    "passed": result.passed,
                    "checked": result.checked,
                    "failures": result.failures,
                    "notes": result.notes,
                }
                for result in results
            ],
        },
        indent=2,
    )


def as_table(target: Target, results: list[Result]) -> str:
    info = target.info
    width = max(len(result.name) for result in results)
    lines = [f"{info.title_id} ({info.rules_version}) at {target.address}", ""]
    for result in results:
        verdict = "PASS" if result.passed else "FAIL"
        lines.append(
            f"{verdict}  {result.name:<{width}}  {result.checked:>5} cases  {result.promise}"
        )
        if result.checked == 0 and not result.failures and not result.notes:
            lines.append(f"{'':6}{'':<{width}}  nothing could be checked")
        for note in result.notes:
            lines.append(f"{'':6}{'':<{width}}  ({note})")
        for failure in result.failures[:SHOWN_FAILURES]:
            lines.append(f"{'':6}{'':<{width}}  - {failure}")
        if len(result.failures) > SHOWN_FAILURES:
            more = len(result.failures) - SHOWN_FAILURES
            lines.append(f"{'':6}{'':<{width}}  ... and {more} more (--json lists them all)")
    failed = [result.name for result in results if not result.passed]
    lines += ["", f"FAILED: {', '.join(failed)}" if failed else f"all {len(results)} checks passed"]
    return "\n".join(lines)
