"""Turn-based play in the portal (issue 37), two people in two browser contexts against the
whole stack (its day the default 86,400 s): one starts a turn-based match from the lobby with an
open seat, the other joins it; the one to move moves and closes the page; the other finds the
match in their Your turn list and the bar's count, opens it from there and answers; then it is
the first one's list. The clock reads in days and hours, the bar's count has an accessible name,
and the Your turn page and the lobby's turn-based choice pass axe-core. A player holding the
most turn-based matches is told why a new one is refused. The player not to move gives the
mover time (once a turn); the mover goes away from their profile page, which stops their
clock on the other's match page, and comes back.

Every page runs under the portal's Content-Security-Policy and fails its test on a console
error (conftest)."""

from __future__ import annotations

import re

from playhall.match.v1 import match_service_pb2 as pb
from tests.browser.conftest import PHONE, click_a_move, serious_violations, version_of, wait_js

TITLE = "eynsteyn"
DAYS = 3
MOST_TURN_BASED = 21
"""The orchestrator's PLAYHALL_TURN_BASED_MAX_OPEN by default."""


def sign_in(page, portal: str, name: str) -> None:
    page.goto(portal)
    page.locator("#guest-name").fill(name)
    page.locator("#sign-in button[type=submit]").click()
    page.wait_for_selector("body[data-signed-in=true] #player-name")


def badge(page, count: int) -> None:
    """Waits for the bar's Your turn count to read `count`, and checks its accessible name."""
    page.wait_for_selector(f"#your-turn[data-count='{count}']", timeout=10_000)
    words = {0: "no match waits", 1: "1 match waits"}.get(count, f"{count} matches wait")
    assert page.get_attribute("#your-turn", "aria-label") == f"Your turn: {words} for your move"
    shown = page.locator("#your-turn .turn-count")
    assert (shown.is_visible() and shown.inner_text() == str(count)) if count else shown.is_hidden()


def choose_turn_based(form, days: int = DAYS) -> None:
    form.locator("select[name=players]").select_option("2")
    form.locator("select[name=seat-1]").select_option("OPEN")
    form.get_by_label("Turn-based").check()
    form.get_by_label("Time per move").select_option(str(days))
    form.get_by_label("When a player's time runs out").select_option("TIMEOUT_ACTION_FORFEIT")


def start_match(page) -> str:
    """Starts the match the lobby's form (`choose_turn_based`) describes, takes its first seat
    and returns the match id."""
    page.locator(f"form[data-title={TITLE}] button[type=submit]").click()
    page.locator("#links:not([hidden]) .seat-link[data-seat='0']").click()
    page.wait_for_selector("svg.board")
    return page.url.split("id=")[1].split("#")[0]


def join_open_seat(page, portal: str, match_id: str) -> str:
    """Joins the match from the lobby's open matches; returns its tag there (its pace)."""
    page.goto(portal)
    opening = page.locator(f"#open li[data-match='{match_id}']")
    tag = opening.locator(".tag").inner_text()
    opening.locator("button[type=submit]").click()
    page.wait_for_selector("svg.board")
    return tag


def to_move_first(ada, bob) -> tuple:
    """Once the match runs on both pages: (the page of the seat to move, the other's). The
    start player is drawn."""
    for page in (ada, bob):
        wait_js(page, "document.body.dataset.phase === 'MATCH_PHASE_RUNNING'")
    return (ada, bob) if ada.evaluate("document.body.dataset.myTurn") == "true" else (bob, ada)


def play_my_turn(page) -> None:
    """Moves until the turn is the other player's."""
    while page.evaluate("document.body.dataset.myTurn") == "true":
        click_a_move(page, version_of(page))


def test_a_turn_based_match_waits_in_each_players_list_in_turn(stack, lobby, pages):
    ada, bob = pages.open(), pages.open()
    sign_in(ada, stack.portal_url, "Ada")
    sign_in(bob, stack.portal_url, "Bob")
    badge(ada, 0)

    # Ada starts a turn-based match, three days a move, with a seat open for anyone.
    form = ada.locator(f"form[data-title={TITLE}]")
    assert form.get_by_label("Time per move").is_hidden()
    choose_turn_based(form)
    assert serious_violations(ada) == []
    match_id = start_match(ada)
    created = lobby.get(match_id).match
    assert created.clock.pace == pb.PACE_TURN_BASED
    assert created.clock.seconds_per_turn == DAYS * 86_400
    assert created.clock.on_timeout == pb.TIMEOUT_ACTION_FORFEIT
    assert ada.locator("#clock").inner_text() == "Turn-based, 3 days a move"

    # Bob finds it among the open matches, marked turn-based, and joins.
    assert "turn-based, 3 days a move" in join_open_seat(bob, stack.portal_url, match_id)
    # The start player is drawn: whoever it is moves first.
    first, second = to_move_first(ada, bob)
    first_name, second_name = ("Ada", "Bob") if first is ada else ("Bob", "Ada")
    wait_js(first, "document.getElementById('clock').innerText.includes('left for this turn')")
    clock = first.locator("#clock").inner_text()
    assert re.match(
        r"Turn-based, 3 days a move · 2 days 23 hours left for this turn \(until .+\)$", clock
    ), clock
    badge(first, 1)
    badge(second, 0)

    play_my_turn(first)
    badge(first, 0)  # the move takes the match off the mover's count at once
    badge(second, 1)  # and the other's match page counts it
    first.close()

    # The second player's Your turn list: the match, against the first, its time in days.
    second.goto(f"{stack.portal_url}turns.html")
    item = second.locator(f"#turns li[data-match='{match_id}']")
    item.wait_for()
    badge(second, 1)
    text = item.inner_text()
    assert text.startswith("Eynsteyn · against " + first_name), text
    assert re.search(r"· 2 days 23 hours left \(until .+\)", text), text
    assert second.locator("#summary").inner_text() == "1 match waits for your move."
    assert (
        item.locator(".play-link").get_attribute("aria-label")
        == f"Play Eynsteyn against {first_name}"
    )
    assert serious_violations(second) == []
    second.set_viewport_size(PHONE)
    assert serious_violations(second) == []

    # Opened from there, the seat is played in this browser: it answers.
    item.locator(".play-link").click()
    second.wait_for_selector("body[data-my-turn=true] svg.board")
    assert f"match.html?id={match_id}#token=" in second.url
    assert f"{second_name} (you)" in second.locator("#whoami").inner_text()
    play_my_turn(second)
    badge(second, 0)

    # Now it is in the first player's list (this browser, the page opened again).
    again = pages.reopen(first.context)
    again.goto(stack.portal_url)
    badge(again, 1)
    again.locator("#your-turn").click()
    again.locator(f"#turns li[data-match='{match_id}']").wait_for()
    assert (
        "against " + second_name
        in again.locator(f"#turns li[data-match='{match_id}']").inner_text()
    )


def test_a_player_with_the_most_turn_based_matches_is_told_why_no_more(stack, lobby, pages):
    page = pages.open()
    sign_in(page, stack.portal_url, "Busy Bee")
    token = page.evaluate("JSON.parse(localStorage.getItem('playhall.player')).token")
    me = lobby.as_seat(token)
    clock = pb.Clock(
        pace=pb.PACE_TURN_BASED, seconds_per_turn=86_400, on_timeout=pb.TIMEOUT_ACTION_BOT_MOVE
    )
    for _ in range(MOST_TURN_BASED):
        me.create(
            TITLE,
            [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)],
            clock=clock,
        )
    pages.allowed = ("status of 400",)  # the refusal, as the browser logs its answer
    form = page.locator(f"form[data-title={TITLE}]")
    choose_turn_based(form, days=14)
    form.locator("button[type=submit]").click()
    page.wait_for_selector("#error:not([hidden])")
    assert page.locator("#error").inner_text() == (
        f"You already play {MOST_TURN_BASED} turn-based matches, the most at once; finish or "
        "resign one first"
    )


def test_time_given_and_a_player_away_stop_and_start_the_clock(stack, pages):
    portal = stack.portal_url
    ada, bob = pages.open(), pages.open()
    sign_in(ada, portal, "Ada")
    sign_in(bob, portal, "Bob")
    choose_turn_based(ada.locator(f"form[data-title={TITLE}]"))
    match_id = start_match(ada)
    join_open_seat(bob, portal, match_id)
    mover, giver = to_move_first(ada, bob)
    mover_name, seat = ("Ada", 0) if mover is ada else ("Bob", 1)
    clock = "document.getElementById('clock').innerText"
    wait_js(giver, f"{clock}.includes('2 days 23 hours left for this turn')")

    # The player not to move gives the mover 2 hours: the turn's time left grows, on both pages.
    give = giver.locator(f"#give-time [data-seat='{seat}']")  # a form, or why none
    give.get_by_label(f"Hours to give {mover_name}").fill("2")
    assert serious_violations(giver) == []
    give.get_by_role("button", name=f"Give time to {mover_name}").click()
    for page in (giver, mover):
        wait_js(page, f"{clock}.includes('3 days 1 hour left for this turn')")
    assert giver.locator("#give-note").inner_text() == f"You gave {mover_name} 2 hours."
    # Once a turn: a second give is refused, with the server's reason.
    pages.allowed = ("status of 400",)  # the refusal, as the browser logs its answer
    give.get_by_role("button", name=f"Give time to {mover_name}").click()
    giver.wait_for_selector("#error:not([hidden])")
    assert giver.locator("#error").inner_text() == (
        "You gave time this turn already; you may again next turn"
    )
    assert "3 days 1 hour left for this turn" in giver.locator("#clock").inner_text()

    # The mover goes away for 5 days from their profile page.
    mover.goto(f"{portal}profile.html")
    mover.wait_for_selector("#vacation-section[data-away=false]")
    vacation = mover.locator("#vacation-section")
    assert vacation.locator("#vacation-left").inner_text() == (
        "You have 30 days of away time left this year (of 30 days a year)."
    )
    assert serious_violations(mover) == []
    vacation.get_by_label("Go away for").fill("5")
    vacation.get_by_role("button", name="Go away").click()
    mover.wait_for_selector("#vacation-section[data-away=true]")
    until = vacation.locator("#away-until").inner_text()
    assert until.startswith("Away until "), until
    date = until.removeprefix("Away until ")
    assert mover.evaluate("document.activeElement.id") == "come-back"
    assert serious_violations(mover) == []

    # The other's match page: the mover's seat away until then, the turn's clock stopped.
    wait_js(giver, "document.querySelector('#scores .tag.away')")
    row = giver.locator("#scores tr", has_text=mover_name)
    assert row.locator(".tag.away").inner_text() == f"away until {date}"
    shown = giver.locator("#clock").inner_text()
    assert f"clock stopped while {mover_name} is away (until {date})" in shown, shown
    assert "left for this turn" not in shown
    assert give.inner_text() == f"{mover_name} is away until {date}: their clock is stopped."
    # And the mover's Your turn list says so.
    mover.goto(f"{portal}turns.html")
    item = mover.locator(f"#turns li[data-match='{match_id}'] .time-left")
    assert item.inner_text() == f"clock stopped: you are away until {date}"

    # Back, the clock runs again with the time that was left.
    mover.goto(f"{portal}profile.html")
    mover.wait_for_selector("#vacation-section[data-away=true]")
    mover.get_by_role("button", name="Come back").click()
    mover.wait_for_selector("#vacation-section[data-away=false]")
    wait_js(giver, f"{clock}.includes('3 days 1 hour left for this turn')")
    assert giver.locator("#scores .tag.away").count() == 0
    assert give.get_by_role("button", name=f"Give time to {mover_name}").is_visible()
