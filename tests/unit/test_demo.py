"""`make demo`'s choices, without a stack: each title's plan is a setup its engine accepts with
known bot levels, the command line's seats and levels override it within the title's range,
and the progress of a match is written as plain lines when stdout is not a terminal. The demo
itself runs in `tests/integration/test_devstack.py`."""

from __future__ import annotations

import io

import pytest

from dev.demo import PLANS, Progress, plan_for
from playhall.bots.levels import LEVELS
from playhall.core import get_game, title_ids
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.rules.v1 import rules_service_pb2 as rpb
from playhall.rules_service.convert import decode_options
from tests.helpers import wait_until


def test_every_plan_names_a_registered_title():
    assert set(PLANS) <= set(title_ids())


@pytest.mark.parametrize("title", title_ids())
def test_each_titles_plan_is_a_setup_its_engine_accepts(title):
    plan = plan_for(title, None, None)
    assert set(plan.levels) <= set(LEVELS)
    game = get_game(title)
    assert game.new_game(len(plan.levels), decode_options(plan.options), b"demo")


def test_the_command_line_overrides_seats_and_levels_within_the_titles_range():
    assert plan_for("galileo", 3, ("random",)).levels == ("random", "random", "random")
    assert plan_for("eynsteyn", 5, ("easy", "random")).levels == ("easy", "random")
    assert plan_for("eynsteyn", None, None).options == PLANS["eynsteyn"].options
    assert len(plan_for("inventors", 1, None).levels) == get_game("inventors").info.min_players


def test_progress_off_a_terminal_is_plain_lines_every_few_seconds_and_a_final_one():
    match = mpb.MatchSummary(
        match_id="m",
        title_id="galileo",
        seats=[mpb.SeatInfo(seat=s, bot_level=mpb.BOT_LEVEL_RANDOM) for s in range(2)],
    )
    out = io.StringIO()
    with Progress(match, out, every_s=0.05) as progress:
        progress.seen(
            mpb.MatchChange(
                version=7,
                status=rpb.GameStatus(to_move=[1], scores=[3, 4]),
                phase=mpb.MATCH_PHASE_RUNNING,
            )
        )
        wait_until(lambda: "version 7" in out.getvalue(), 5, "a progress line")
        progress.seen(mpb.MatchChange(version=8, phase=mpb.MATCH_PHASE_FINISHED))
    lines = out.getvalue().splitlines()
    assert "\r" not in out.getvalue() and "\033" not in out.getvalue()
    assert any("Galileo" in line and "to move: seat 1 (random)" in line for line in lines)
    assert "finished at version 8" in lines[-1]
