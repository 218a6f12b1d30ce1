"""Friends, challenges, chat and moderation in the portal (issue 39), in a real browser against
the whole stack (its archive on the embedded PostgreSQL): four guests in four browser
contexts. Ana and Ben follow each other from their profiles and are friends, each online; Ana
challenges Ben from his profile, Ben accepts from the lobby and lands on his seat, Ana takes
hers from the lobby's accepted challenge; they chat in the match, each seeing the other's
message live, and a message too long is refused with the server's reason. Cleo, signed out,
is asked to sign in to chat; signed in, she writes in the spectators' room, which the players
never see, and never sees theirs. Ben reports Ana's message; Mona, a moderator (a guest name
the gateway signs as one), finds it in the queue with its context and deletes it, which the
actions log records and the players' chat then shows. Last, Ben blocks Ana: her challenge
from the page she had open is refused with the reason, his presence is hidden from her and
their friendship ends.

Then Dee and Eli, Eli on a phone's width: Eli declines Dee's challenge with a reason from the
list, which Dee's lobby shows; Dee opens a table to anyone, which Eli takes from the lobby's open
tables; at the table Dee mutes Eli (his messages go, and come back when she unmutes him), then
resigns: the chat closes on Eli's page, and the replay shows it, read only. The new pages pass
axe-core and fit a phone's width, and the chat is reached and used by the keyboard alone.

Every page runs under the portal's Content-Security-Policy and fails its test on a console
error (conftest); waits are selectors, never page scripts."""

from __future__ import annotations

import json

import pytest

from dev.devstack import Stack
from tests.browser.conftest import PHONE, serious_violations

MODERATOR = "Mona"
WAIT_MS = 15_000
CHALLENGE_WAIT_MS = 15_000
"""The lobby asks for the player's challenges every 4 s (`js/challenges.js`)."""
TOO_LONG = 501
"""One character past the chat's default limit (PLAYHALL_CHAT_MAX_CHARS)."""


@pytest.fixture(scope="module")
def stack():
    """The whole stack, its gateway signing the guest `MODERATOR` as a moderator."""
    extra = {"PLAYHALL_SWEEP_INTERVAL_S": "0.1", "PLAYHALL_GUEST_MODERATORS": MODERATOR}
    with Stack(testing=True, gateway=True, extra_env=extra) as s:
        yield s


def sign_in(page, portal: str, name: str, url: str = "") -> dict:
    """Signs `name` in as a guest from the bar of `url` (the lobby by default)."""
    page.goto(portal + url)
    page.locator("#guest-name").fill(name)
    page.locator("#sign-in button[type=submit]").click()
    page.wait_for_selector("body[data-signed-in=true] #player-name")
    return json.loads(page.evaluate("localStorage.getItem('playhall.player')"))


def profile_of(page, portal: str, player: dict) -> None:
    page.goto(f"{portal}profile.html?player={player['playerId']}")
    page.wait_for_selector("#relation-section:not([hidden]) [data-action=Block]")


def challenge(page) -> None:
    """Sends the challenge form of the profile open on `page` (Galileo, live, two seats)."""
    form = page.locator("#relation-challenge details.challenge")
    if not form.evaluate("(d) => d.open"):
        form.locator("summary").click()
    form.locator("select[name=title]").select_option("galileo")
    form.locator("button[type=submit]").click()


def chat_texts(page) -> list[str]:
    return page.locator("#chat li.chat-message .chat-text").all_inner_texts()


def say(page, text: str) -> None:
    page.locator("#chat-text").fill(text)
    page.locator("#chat form.chat-form button[type=submit]").click()


def wait_for_message(page, text: str) -> None:
    page.wait_for_selector(f"#chat li.chat-message:has-text({json.dumps(text)})", timeout=WAIT_MS)


def test_friends_challenge_chat_moderation_and_a_block(stack, pages):
    portal = stack.portal_url
    ana_page, ben_page, cleo_page, mona_page = (pages.open() for _ in range(4))
    ana = sign_in(ana_page, portal, "Ana")
    ben = sign_in(ben_page, portal, "Ben")

    # Friends: each follows the other from their profile; each is online (their pages beat).
    profile_of(ana_page, portal, ben)
    ana_page.wait_for_selector("#relation .presence.online")
    ana_page.locator("[data-action=Follow]").click()
    ana_page.wait_for_selector("#relation-section[data-following=true]")
    profile_of(ben_page, portal, ana)
    assert "they follow you" in ben_page.locator("#relation").inner_text()
    ben_page.locator("[data-action=Follow]").click()
    ben_page.wait_for_selector("#relation:has-text('you are friends')")
    assert ben_page.locator("#reputation .karma").is_visible()
    ben_page.goto(portal + "friends.html")
    ben_page.wait_for_selector(f"#friends li[data-player='{ana['playerId']}'][data-online=true]")
    assert ben_page.locator(f"#followers li[data-player='{ana['playerId']}']").count() == 1

    # A challenge from Ana's profile of Ben, accepted from Ben's lobby: each on their seat.
    challenge(ana_page)
    ana_page.wait_for_selector("#relation-challenge .challenge-note:has-text('sent to Ben')")
    ben_page.goto(portal)
    offered = ben_page.locator("#challenges-in li[data-state=CHALLENGE_STATE_OPEN]")
    offered.wait_for(timeout=CHALLENGE_WAIT_MS)
    assert "Ana challenges you" in offered.inner_text()
    assert offered.locator("select[name=reason] option").count() == 6
    offered.get_by_role("button", name="Accept Ana's challenge").click()
    ben_page.wait_for_selector("svg.board")
    assert "#token=" in ben_page.url
    match_id = ben_page.url.split("id=")[1].split("#")[0]
    ana_page.goto(portal)
    accepted = ana_page.locator(
        f"#challenges-out li[data-challenge='{match_id}'][data-state=CHALLENGE_STATE_ACCEPTED]"
    )
    accepted.wait_for(timeout=CHALLENGE_WAIT_MS)
    accepted.get_by_role("button", name="Go to your seat").click()
    ana_page.wait_for_selector("svg.board")
    assert "#token=" in ana_page.url

    # The players' room, live both ways; a message past the limit refused with the reason.
    ana_page.wait_for_selector("#chat form.chat-form[data-room=players]")
    ben_page.wait_for_selector("#chat[data-chat=live] form.chat-form[data-room=players]")
    say(ana_page, "hello Ben, good luck")
    wait_for_message(ben_page, "hello Ben, good luck")
    say(ben_page, "thanks Ana")
    wait_for_message(ana_page, "thanks Ana")
    pages.allowed = ("status of 400",)  # the refusal's response, as the browser logs it
    say(ana_page, "x" * TOO_LONG)
    ana_page.wait_for_selector("#chat .chat-note:has-text('at most 500 characters')")
    pages.allowed = ()
    assert "x" * TOO_LONG not in chat_texts(ana_page)

    # A spectator: asked to sign in, then in the spectators' room only, never the players'.
    cleo_page.goto(f"{portal}match.html?id={match_id}")
    cleo_page.wait_for_selector("#chat-sign-in")
    cleo_page.locator("#guest-name").fill("Cleo")
    cleo_page.locator("#sign-in button[type=submit]").click()
    cleo_page.wait_for_selector("#chat[data-chat=live] form.chat-form[data-room=spectators]")
    say(cleo_page, "go Ana go")
    wait_for_message(cleo_page, "go Ana go")
    say(ben_page, "your move")
    wait_for_message(ana_page, "your move")
    # Messages come in order: Ben's later one is here, so Cleo's earlier one was kept out.
    for player_page in (ana_page, ben_page):
        assert "go Ana go" not in chat_texts(player_page)
    assert chat_texts(cleo_page) == ["go Ana go"]

    # Ben reports Ana's message; Mona, a moderator, deletes it from the queue.
    reported = ben_page.locator("#chat li.chat-message:has-text('hello Ben, good luck')")
    reported.locator("details.report summary").click()
    reported.locator("select[name=reason]").select_option("REPORT_REASON_ABUSE")
    reported.locator("input[name=comment]").fill("rude")
    reported.locator("button[type=submit]").click()
    reported.locator(".report-note:has-text('Reported')").wait_for(timeout=WAIT_MS)
    sign_in(mona_page, portal, MODERATOR)
    mona_page.wait_for_selector("#moderation-link:not([hidden])")
    assert ana_page.locator("#moderation-link").is_hidden()
    mona_page.locator("#moderation-link").click()
    report = mona_page.locator("#reports li.report-item").first
    report.wait_for(timeout=WAIT_MS)
    assert "Ben reported Ana" in report.inner_text()
    assert "hello Ben, good luck" in report.locator(".report-context .reported").inner_text()
    report.locator("input[name=reason]").fill("no insults at the table")
    report.locator("button[data-action=delete]").click()
    mona_page.wait_for_selector("#actions tr[data-action=MODERATION_ACTION_KIND_DELETE_MESSAGE]")
    assert "no insults at the table" in mona_page.locator("#actions").inner_text()
    mona_page.wait_for_selector("#reports li:has-text('No open report')")
    ben_page.reload()
    ben_page.wait_for_selector("#chat li.chat-message:has-text('deleted by a moderator')")
    assert "hello Ben, good luck" not in chat_texts(ben_page)

    # Ben blocks Ana: the challenge from the profile she had open is refused with the reason,
    # his presence is hidden from her and they are friends no more.
    profile_of(ana_page, portal, ben)
    ana_page.wait_for_selector("#relation .presence.online")
    profile_of(ben_page, portal, ana)
    ben_page.locator("[data-action=Block]").click()
    ben_page.wait_for_selector("#relation-section[data-blocking=true]")
    pages.allowed = ("status of 403",)
    challenge(ana_page)
    refused = "#relation-challenge .challenge-note.refused"
    ana_page.wait_for_selector(f"{refused}:has-text('does not accept challenges from you')")
    pages.allowed = ()
    ana_page.reload()
    ana_page.wait_for_selector("#relation:has-text('they blocked you')")
    assert ana_page.locator("#relation .presence.offline").is_visible()
    ana_page.goto(portal + "friends.html")
    ana_page.wait_for_selector("body[data-loaded=true]")
    assert ana_page.locator(f"#friends li[data-player='{ben['playerId']}']").count() == 0


def fits_and_passes_axe(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1"), page.url
    assert serious_violations(page) == [], page.url


def test_a_decline_an_open_table_a_mute_and_the_closed_chat_in_the_replay(stack, pages):
    portal = stack.portal_url
    dee_page, eli_page = pages.open(), pages.open(PHONE)
    dee = sign_in(dee_page, portal, "Dee")
    eli = sign_in(eli_page, portal, "Eli")

    # Eli declines Dee's challenge, saying the clock is too fast: Dee's lobby says so.
    profile_of(dee_page, portal, eli)
    challenge(dee_page)
    dee_page.wait_for_selector("#relation-challenge .challenge-note:has-text('sent to Eli')")
    offered = eli_page.locator("#challenges-in li[data-state=CHALLENGE_STATE_OPEN]")
    offered.wait_for(timeout=CHALLENGE_WAIT_MS)
    fits_and_passes_axe(eli_page)
    offered.locator("select[name=reason]").select_option("DECLINE_REASON_TOO_FAST")
    offered.get_by_role("button", name="Decline").click()
    eli_page.wait_for_selector("#challenges-in li[data-state=CHALLENGE_STATE_DECLINED]")
    dee_page.goto(portal)
    declined = dee_page.locator("#challenges-out li[data-state=CHALLENGE_STATE_DECLINED]")
    declined.wait_for(timeout=CHALLENGE_WAIT_MS)
    assert "the clock is too fast" in declined.inner_text()

    # Dee's table open to anyone, taken by Eli from the lobby's open tables.
    dee_page.locator("#open-table summary").click()
    dee_page.locator("#open-table select[name=title]").select_option("galileo")
    dee_page.locator("#open-table button[type=submit]").click()
    table = eli_page.locator('#open-tables li:has-text("Dee\'s table")')
    table.wait_for(timeout=CHALLENGE_WAIT_MS)
    table.get_by_role("button", name="Accept Dee's table").click()
    eli_page.wait_for_selector("#chat[data-chat=live] form.chat-form[data-room=players]")
    match_id = eli_page.url.split("id=")[1].split("#")[0]
    taken = dee_page.locator(
        f"#challenges-out li[data-challenge='{match_id}'][data-state=CHALLENGE_STATE_ACCEPTED]"
    )
    taken.wait_for(timeout=CHALLENGE_WAIT_MS)
    taken.get_by_role("button", name="Go to your seat").click()
    dee_page.wait_for_selector("#chat[data-chat=live] form.chat-form[data-room=players]")

    # Eli writes by the keyboard alone; Dee mutes him, then lets him through again.
    eli_page.locator("#chat-text").focus()
    eli_page.keyboard.type("hi Dee")
    eli_page.keyboard.press("Enter")
    wait_for_message(dee_page, "hi Dee")
    fits_and_passes_axe(eli_page)
    dee_page.get_by_role("button", name="Mute Eli").first.click()
    dee_page.wait_for_selector("#chat .chat-muted:has-text('Muted: Eli')")
    assert chat_texts(dee_page) == []
    dee_page.get_by_role("button", name="Unmute Eli").click()
    wait_for_message(dee_page, "hi Dee")

    # Dee resigns: the chat closes on Eli's page; the replay shows it without a box.
    dee_page.on("dialog", lambda dialog: dialog.accept())
    dee_page.locator("#resign").click()
    eli_page.wait_for_selector("#chat[data-chat=closed] .chat-closed", timeout=WAIT_MS)
    assert eli_page.locator("#chat-text").count() == 0
    eli_page.goto(f"{portal}replay.html?id={match_id}")
    wait_for_message(eli_page, "hi Dee")
    assert eli_page.locator("#chat form.chat-form").count() == 0

    # The friends page and the moderator's page, on a phone.
    eli_page.goto(portal + "friends.html")
    eli_page.wait_for_selector("body[data-loaded=true]")
    fits_and_passes_axe(eli_page)
    eli_page.goto(portal + "moderation.html")
    eli_page.wait_for_selector("#not-moderator:not([hidden])")
    mona_page = pages.open(PHONE)
    sign_in(mona_page, portal, MODERATOR, "moderation.html")
    mona_page.wait_for_selector("body[data-loaded=true] #desk:not([hidden])")
    fits_and_passes_axe(mona_page)
    assert dee["playerId"] != eli["playerId"]
