"""Notices in the portal (issue 38), against the whole stack with its notifier: two people in two
browser contexts. One starts a turn-based match, the other joins; when the first moves, the
other's bell and tab title count it without a reload (WatchNotices, kept by one tab of the
browser for all of them: a second tab of the same browser opens no stream of its own and counts
alike); they open the inbox, follow the notice to the match and the count goes down; the next
one they mark read with "Mark all read". The tab counts the larger of unread notices and
matches waiting for the player's move, and its favicon wears a badge meanwhile.

The settings page saves every choice and shows them again after a reload (and the server has
them), shows a new webhook's secret once, and passes axe-core, as does the open inbox.

Push cannot be delivered in headless Chromium: a Playwright context is incognito-like and its
Push API refuses every subscription ("Registration failed - permission denied"). So the push
part asserts what the browser allows, in steps: without the permission the page says so; with
it, the page registers the service worker (/sw.js, scope "/") and reports the browser's
refusal; then, with the page's PushManager replaced by a stand-in (the one thing faked: it
hands back a subscription to a local endpoint, which a testing stack accepts), the page
registers the subscription with AddPushSubscription using the deployment's VAPID key and turns
it off again with RemovePushSubscription (the server says it was registered). The service
worker itself is driven by pushes delivered through the DevTools protocol: it shows each with
its title and body, and a second push with the same tag (the collapse key) replaces the first.
A click on a shown notification cannot be made headless (and `clients.openWindow` needs that
click), so opening the notice's page from one is not tested here. Where the stack serves no
VAPID key the push section must be hidden; then the test says so and goes on with a key put into
the settings' answer.

Every page runs under the portal's Content-Security-Policy and fails its test on a console
error (conftest)."""

from __future__ import annotations

import base64
import json
import math
import os
import time
import warnings

from tests.browser.conftest import PHONE, serious_violations, wait_js
from tests.browser.test_turns import (
    choose_turn_based,
    join_open_seat,
    play_my_turn,
    sign_in,
    start_match,
    to_move_first,
)
from tests.helpers import connect_call, wait_until

TITLE = "eynsteyn"
PLAYERS = "playhall.players.v1.PlayerService"
NOTICE_WAIT_S = 10


def bell_count(page) -> int | None:
    shown = page.evaluate("document.getElementById('notices-button')?.dataset.count ?? ''")
    return int(shown) if shown else None


def bell(page, count: int) -> None:
    """Waits (up to NOTICE_WAIT_S) for the bell to count `count`, and checks its accessible
    name and badge."""
    page.wait_for_selector(f"#notices-button[data-count='{count}']", timeout=NOTICE_WAIT_S * 1000)
    words = {0: "no unread notice", 1: "1 unread notice"}.get(count, f"{count} unread notices")
    assert page.get_attribute("#notices-button", "aria-label") == f"Notices: {words}"
    badge = page.locator("#notices-button .notice-count")
    assert (badge.is_visible() and badge.inner_text() == str(count)) if count else badge.is_hidden()


def settled_count(page, quiet_s: float = 1.5) -> int:
    """The bell's count once it has not changed for `quiet_s` (the notifier passes every 0.5 s)."""
    wait_js(page, "document.getElementById('notices-button')?.dataset.count")
    last, since = bell_count(page), time.monotonic()
    while time.monotonic() - since < quiet_s:
        time.sleep(0.1)
        now = bell_count(page)
        if now != last:
            last, since = now, time.monotonic()
    assert last is not None
    return last


def turn_count(page) -> int:
    wait_js(page, "document.getElementById('your-turn')?.dataset.count")
    return int(page.get_attribute("#your-turn", "data-count"))


def tab(page, count: int, base: str) -> None:
    """Waits for the tab's title and favicon to show `count` over the page's own title."""
    title = f"({count}) {base}" if count else base
    wait_js(page, f"document.title === {json.dumps(title)}", timeout_s=NOTICE_WAIT_S)
    icon = page.get_attribute("link[rel~=icon]", "href")
    assert icon == ("/favicon-unread.svg" if count else "/favicon.svg"), icon


def open_inbox(page):
    page.locator("#notices-button").click()
    page.wait_for_selector("#notices-panel:not([hidden]) #notices-list li[data-notice]")
    assert page.get_attribute("#notices-button", "aria-expanded") == "true"
    return page.locator("#notices-list")


def test_a_notice_rings_the_bell_and_the_tab_and_leads_to_its_match(stack, pages):
    portal = stack.portal_url
    ada, bob = pages.open(), pages.open()
    sign_in(ada, portal, "Ada")
    sign_in(bob, portal, "Bob")
    bell(bob, 0)  # a new player: nothing yet, and the tab says nothing
    tab(bob, 0, "Playhall")

    choose_turn_based(ada.locator(f"form[data-title={TITLE}]"))
    match_id = start_match(ada)
    join_open_seat(bob, portal, match_id)
    first, _ = to_move_first(ada, bob)
    if first is bob:
        play_my_turn(bob)
    # Ada is to move. Her "your turn" reaches her bell: the notifier is past the commits so far.
    wait_until(lambda: (bell_count(ada) or 0) >= 1, NOTICE_WAIT_S, "Ada's your-turn notice")

    # Bob waits on the lobby, with a second tab of the same browser on his Your turn page.
    bob.goto(portal)
    streams: list[str] = []
    other = pages.reopen(bob.context)
    other.on("request", lambda r: r.url.endswith("/WatchNotices") and streams.append(r.url))
    other.goto(f"{portal}turns.html")
    before = settled_count(bob)  # Bob's own first turn may have told him already
    bell(other, before)
    assert turn_count(bob) == 0
    tab(bob, before, "Playhall")

    # Ada moves: Bob's bell, Your turn count and tab follow without a reload, in both tabs.
    play_my_turn(ada)
    bell(bob, before + 1)
    bell(other, before + 1)
    wait_js(bob, "document.getElementById('your-turn').dataset.count === '1'")
    tab(bob, before + 1, "Playhall")
    tab(other, before + 1, "Your turn · Playhall")
    assert streams == [], "the second tab streamed for itself"

    # The inbox: the newest notice first, unread, about this match; axe-core has no complaint.
    inbox = open_inbox(bob)
    newest = inbox.locator("li[data-notice]").first
    assert newest.get_attribute("data-kind") == "NOTICE_KIND_YOUR_TURN"
    assert "unread" in newest.get_attribute("class")
    assert newest.locator(".notice-title").inner_text() == "Your turn in Eynsteyn"
    assert newest.locator(".notice-body").inner_text().startswith("Ada waits for your move")
    link = newest.locator("a")
    assert link.get_attribute("href") == f"/match.html?id={match_id}"
    assert link.text_content().startswith("Unread: ")
    assert serious_violations(bob) == []
    bob.set_viewport_size(PHONE)
    assert serious_violations(bob) == []
    bob.keyboard.press("Escape")  # closes, focus back on the bell
    assert bob.locator("#notices-panel").is_hidden()
    assert bob.evaluate("document.activeElement.id") == "notices-button"

    # Following it marks it read and lands on the match; the bell counts one less. The tab
    # still counts 1 while the match waits for Bob.
    open_inbox(bob).locator("li[data-notice] a").first.click()
    bob.wait_for_url(f"**/match.html?id={match_id}")
    bell(bob, before)
    bell(other, before)
    wait_js(bob, "document.getElementById('your-turn')?.dataset.count === '1'")
    base = bob.evaluate("document.title.replace(/^\\(\\d+\\) /, '')")
    assert base == "Eynsteyn · Playhall", base
    tab(bob, max(before, 1), base)
    read = open_inbox(bob).locator("li[data-notice]").first
    assert "read" in read.get_attribute("class").split()

    # Bob takes his seat here and moves, Ada answers: a new notice, then "Mark all read".
    bob.keyboard.press("Escape")
    bob.locator("#take-seat").click()
    bob.wait_for_selector("body[data-my-turn=true] svg.board")
    play_my_turn(bob)
    tab(bob, before, base)  # nothing waits for him now but what he had unread
    play_my_turn(ada)
    bell(bob, before + 1)
    inbox = open_inbox(bob)
    bob.locator("#notices-read-all").click()
    bell(bob, 0)
    bell(other, 0)
    assert inbox.locator("li.unread").count() == 0
    assert bob.locator("#notices-read-all").is_disabled()
    tab(bob, 1, base)  # every notice read, and his move awaited: the tab still says 1
    tab(other, 1, "Your turn · Playhall")


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def p256_public_key() -> str:
    """A P-256 public key as an uncompressed point in base64url (a VAPID or p256dh key)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    point = (
        ec.generate_private_key(ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    return b64url(point)


FAKE_PUSH_MANAGER = """([p256dh, auth]) => {
  // The page's PushManager, replaced: a subscription to a local endpoint (see the docstring).
  let current = null;
  window.fakePush = { subscribed: 0, unsubscribed: 0, key: null };
  PushManager.prototype.subscribe = async function (options) {
    window.fakePush.subscribed += 1;
    window.fakePush.key = Array.from(new Uint8Array(options.applicationServerKey));
    current = {
      endpoint: `http://127.0.0.1:9/push/${crypto.randomUUID()}`,
      options,
      toJSON() { return { endpoint: this.endpoint, keys: { p256dh, auth } }; },
      async unsubscribe() { current = null; window.fakePush.unsubscribed += 1; return true; },
    };
    return current;
  };
  PushManager.prototype.getSubscription = async function () { return current; };
}"""


def registration_id(page, cdp) -> str:
    """The service worker's registration id, from the DevTools protocol's events (which the
    sync API takes in while it waits on the page)."""
    found: list[dict] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda e: found.extend(e["registrations"]))
    cdp.send("ServiceWorker.enable")
    for _ in range(100):
        live = [r for r in found if not r["isDeleted"]]
        if live:
            return live[0]["registrationId"]
        page.wait_for_timeout(50)
    raise AssertionError("no registration of the service worker")


def deliver_until_shown(page, cdp, origin: str, registration: str, push: dict) -> None:
    """Delivers `push` to the service worker until the browser shows it as its one notification.
    Sent again every few seconds: a push delivered while a busy machine's worker was still
    waking was lost once (20 s went by with nothing shown); a push of the same tag replaces
    its notification, so a second delivery cannot show two."""
    sent_at = -math.inf

    def shown() -> bool:
        nonlocal sent_at
        if time.monotonic() - sent_at >= 5:
            cdp.send(
                "ServiceWorker.deliverPushMessage",
                {"origin": origin, "registrationId": registration, "data": json.dumps(push)},
            )
            sent_at = time.monotonic()
        return [n["title"] for n in shown_notifications(page)] == [push["title"]]

    wait_until(shown, 40, f"the notification {push['title']!r}", interval=0.05)


def shown_notifications(page) -> list[dict]:
    return page.evaluate(
        "navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((shown) =>"
        " shown.map((n) => ({title: n.title, body: n.body, tag: n.tag, url: n.data?.url})))"
    )


def test_the_settings_page_saves_every_choice_and_push_turns_on_and_off(stack, pages):
    portal = stack.portal_url
    origin = portal.rstrip("/")
    page = pages.open(timezone_id="America/Halifax")
    sign_in(page, portal, "Cleo")
    token = page.evaluate("JSON.parse(localStorage.getItem('playhall.player')).token")

    # From the profile page; a player who never chose sees the defaults, and this browser's
    # time zone offered (the server's default is UTC).
    page.goto(f"{portal}profile.html")
    page.locator("#notification-settings").click()
    page.wait_for_selector("body[data-loaded=true]")
    assert page.get_by_label("Your turn: E-mail").is_checked()
    assert page.get_by_label("A player left: Inbox").is_checked()
    assert not page.get_by_label("A player left: Push").is_checked()
    assert [page.locator(f"#remind-{h}").is_checked() for h in (24, 12, 6, 1)] == [
        False,
        True,
        False,
        True,
    ]
    assert page.locator("#time-zone").input_value() == "America/Halifax"
    assert "this browser's" in page.locator("#zone-note").inner_text()
    assert not page.get_by_label("Keep quiet hours").is_checked()
    assert page.locator("#quiet-start").is_disabled()
    assert page.get_by_label("Most notices an hour").input_value() == "20"

    # Choices, saved.
    page.get_by_label("Match ended: E-mail").uncheck()
    page.get_by_label("A player left: Push").check()
    page.get_by_label("Reminders: Webhook").uncheck()
    page.locator("#remind-24").check()
    page.locator("#remind-1").uncheck()
    page.get_by_label("Keep quiet hours").check()
    page.locator("#quiet-start").fill("23:30")
    page.locator("#quiet-end").fill("06:15")
    page.get_by_label("Most notices an hour").fill("5")
    page.get_by_label("E-mail address").fill("cleo@example.com")
    page.get_by_label("Collect e-mails").fill("30")
    hook = "http://127.0.0.1:9/hook"  # a local URL is allowed on a testing stack
    page.get_by_label("Webhook URL").fill(hook)
    with page.expect_response("**/UpdateNotificationSettings") as answered:
        page.get_by_role("button", name="Save").click()
    assert answered.value.ok
    page.wait_for_selector("#saved:text('Saved.')")
    secret = page.locator("#webhook-secret-value").inner_text()
    assert len(secret) >= 32
    assert answered.value.json()["webhookSecret"] == secret
    assert page.locator("#email-status").inner_text().startswith("Not confirmed yet")
    assert page.locator("#zone-note").inner_text() == ""

    # The server has them.
    status, got = connect_call(origin, PLAYERS, "GetNotificationSettings", {}, token)
    assert status == 200, got
    stored = got["settings"]
    kinds = {k["kind"]: set(k.get("channels", [])) for k in stored["kinds"]}
    assert "NOTICE_CHANNEL_EMAIL" not in kinds["NOTICE_KIND_MATCH_ENDED"]
    assert kinds["NOTICE_KIND_SEAT_LEFT"] == {"NOTICE_CHANNEL_INBOX", "NOTICE_CHANNEL_PUSH"}
    assert "NOTICE_CHANNEL_WEBHOOK" not in kinds["NOTICE_KIND_DEADLINE"]
    assert sorted(stored["reminderHours"]) == [12, 24]
    assert stored["timeZone"] == "America/Halifax"
    assert stored["quietHours"] == {"startMinute": 23 * 60 + 30, "endMinute": 6 * 60 + 15}
    assert stored["maxPerHour"] == 5
    assert (stored["email"], stored.get("emailConfirmed", False)) == ("cleo@example.com", False)
    assert stored["emailDigestMinutes"] == 30
    assert stored["webhookUrl"] == hook
    assert not stored.get("webhookDisabled", False)
    served_key = stored.get("pushPublicKey", "")

    # After a reload, the page shows them again, and the secret no more.
    page.reload()
    page.wait_for_selector("body[data-loaded=true]")
    assert not page.get_by_label("Match ended: E-mail").is_checked()
    assert page.get_by_label("Match ended: Push").is_checked()
    assert page.get_by_label("A player left: Push").is_checked()
    assert not page.get_by_label("Reminders: Webhook").is_checked()
    assert [page.locator(f"#remind-{h}").is_checked() for h in (24, 12, 6, 1)] == [
        True,
        True,
        False,
        False,
    ]
    assert page.locator("#time-zone").input_value() == "America/Halifax"
    assert page.get_by_label("Keep quiet hours").is_checked()
    assert page.locator("#quiet-start").input_value() == "23:30"
    assert page.locator("#quiet-end").input_value() == "06:15"
    assert page.get_by_label("Most notices an hour").input_value() == "5"
    assert page.get_by_label("E-mail address").input_value() == "cleo@example.com"
    assert page.get_by_label("Collect e-mails").input_value() == "30"
    assert page.get_by_label("Webhook URL").input_value() == hook
    assert page.locator("#webhook-secret").is_hidden()
    assert page.locator("#webhook-status").inner_text() == ""

    # A webhook the notifier disabled says so (it takes ten failed deliveries in a row with
    # backoff to get there: the answer is made to say it, the page is what is tested).
    def disabled(route):
        answer = route.fetch()
        body = answer.json()
        body["settings"]["webhookDisabled"] = True
        route.fulfill(response=answer, json=body)

    page.route("**/GetNotificationSettings", disabled)
    page.reload()
    page.wait_for_selector("body[data-loaded=true]")
    assert page.locator("#webhook-status").inner_text().startswith("Disabled: it failed too often")
    page.unroute("**/GetNotificationSettings")

    # Push in this browser: shown where the deployment has a VAPID key.
    key = served_key
    if not key:
        page.reload()
        page.wait_for_selector("body[data-loaded=true]")
        assert page.locator("#push-section").is_hidden()
        key = p256_public_key()
        warnings.warn("the stack serves no VAPID key: push is tested with one put in", stacklevel=1)

        def with_key(route):
            answer = route.fetch()
            body = answer.json()
            body["settings"]["pushPublicKey"] = key
            route.fulfill(response=answer, json=body)

        page.route("**/GetNotificationSettings", with_key)
    page.reload()
    page.wait_for_selector("body[data-loaded=true]")
    section = page.locator("#push-section")
    assert section.is_visible()
    assert section.get_attribute("data-push") == "off"
    assert page.locator("#push-status").inner_text().startswith("Push is off in this browser.")
    assert serious_violations(page) == []
    page.set_viewport_size(PHONE)
    assert serious_violations(page) == []

    # Not allowed to notify: push stays off, and the page says why.
    page.get_by_role("button", name="Turn on push in this browser").click()
    page.wait_for_selector("#push-error:not([hidden])")
    assert "notifications" in page.locator("#push-error").inner_text().lower()
    assert section.get_attribute("data-push") == "off"

    # Allowed: the worker is registered at the root; the browser refuses the subscription.
    page.context.grant_permissions(["notifications"], origin=origin)
    pages.allowed = ("Push API",)  # Chromium's console line for an incognito context's refusal
    page.get_by_role("button", name="Turn on push in this browser").click()
    wait_js(page, "document.getElementById('push-error').textContent.includes('refused')")
    assert (
        page.locator("#push-error")
        .inner_text()
        .startswith("This browser refused a push subscription")
    )
    scope = page.evaluate("navigator.serviceWorker.getRegistration('/').then((r) => r?.scope)")
    assert scope == portal
    assert section.get_attribute("data-push") == "off"

    # With a stand-in PushManager: the subscription goes to the server with the VAPID key.
    p256dh, auth = p256_public_key(), b64url(os.urandom(16))
    page.evaluate(FAKE_PUSH_MANAGER, [p256dh, auth])
    with page.expect_response("**/AddPushSubscription") as added:
        page.get_by_role("button", name="Turn on push in this browser").click()
    assert added.value.ok, added.value.text()
    sent = json.loads(added.value.request.post_data)
    assert sent["endpoint"].startswith("http://127.0.0.1:9/push/")
    assert (sent["p256dh"], sent["auth"]) == (p256dh, auth)
    assert bytes(page.evaluate("window.fakePush.key")) == unb64url(key)
    wait_js(page, "document.getElementById('push-section').dataset.push === 'on'")
    assert page.locator("#push-error").is_hidden()
    assert page.get_by_role("button", name="Turn off push in this browser").is_visible()

    # The service worker shows a push; one with the same tag replaces it.
    cdp = page.context.new_cdp_session(page)
    registration = registration_id(page, cdp)
    url = f"{origin}/match.html?id=m-1"
    for title in ("Your turn in Eynsteyn", "1 h left in Eynsteyn"):
        push = {"title": title, "body": "Ada waits.", "url": url, "tag": "your_turn|p|m-1|3|"}
        deliver_until_shown(page, cdp, origin, registration, push)
    (shown,) = shown_notifications(page)
    assert shown == {
        "title": "1 h left in Eynsteyn",
        "body": "Ada waits.",
        "tag": "your_turn|p|m-1|3|",
        "url": url,
    }

    # Off again: the server forgets the subscription (it had it), then the browser.
    with page.expect_response("**/RemovePushSubscription") as removed:
        page.get_by_role("button", name="Turn off push in this browser").click()
    assert removed.value.json() == {"removed": True}
    wait_js(page, "document.getElementById('push-section').dataset.push === 'off'")
    assert page.evaluate("window.fakePush.unsubscribed") == 1
