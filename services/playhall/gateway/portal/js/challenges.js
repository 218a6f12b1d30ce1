// The lobby's challenges: the signed-in player's own (received ones with accept and decline
// with a reason from the fixed list; sent ones with where they stand, the decline's reason, and
// withdraw while open; an accepted one with the way to the seat), and the open tables (open
// challenges to anyone) with accept, plus the form that opens one. Both lists follow the
// server every few seconds; an entry that did not change is kept as it is (a reason being
// chosen stays chosen).
import { clockTime, h, matchLink, paceLabel } from "./common.js";
import { challengeForm, gamesOffered } from "./challengeform.js";
import { CHALLENGE_STATES, DECLINE_REASONS, challenges, num, openChallenges } from "./social.js";
import { CHANGED, currentPlayer, players } from "./players.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 4000;
let titles = new Map();

function say(message) {
  $("challenge-error").textContent = message;
  $("challenge-error").hidden = !message;
}

// "Galileo Galilei · 3 seats (bots: normal) · live · least karma 60".
function termsLine(terms = {}) {
  const seats = num(terms.seats) || 2;
  const pace = paceLabel(terms.clock) || "live";
  const karma = num(terms.minKarma) ? ` · least karma ${num(terms.minKarma)}` : "";
  return `${titles.get(terms.titleId) ?? terms.titleId} · ${seats} seats · ${pace}${karma}`;
}

function expiresIn(challenge) {
  const left = num(challenge.expiresUnixMs) - Date.now();
  return left > 0 ? ` · answer within ${clockTime(left, left > 3_600_000)}` : "";
}

async function goToMatch(work) {
  say("");
  try {
    const { match, token } = await work();
    location.href = matchLink(match.matchId, token.token, token.seat ?? 0);
  } catch (error) {
    say(error.message);
  }
}

const accept = (challengeId) => goToMatch(() => challenges("AcceptChallenge", { challengeId }));

// The challenger's seat in an accepted challenge's match (its id is the challenge's).
const takeSeat = (matchId) => goToMatch(() => players("ReclaimSeat", { matchId }).then(({ token }) => ({ match: { matchId }, token })));

async function answer(method, request) {
  say("");
  try {
    await challenges(method, request);
    await refresh();
  } catch (error) {
    say(error.message);
  }
}

function button(text, onclick, label) {
  return h("button", { type: "button", onclick, ...(label ? { "aria-label": label } : {}) }, text);
}

function declineForm(challenge) {
  const id = `decline-${challenge.challengeId}`;
  const reason = h("select", { id, name: "reason" },
    ...Object.entries(DECLINE_REASONS).map(([value, text]) => h("option", { value }, text)));
  const form = h("form", { class: "decline" }, h("label", { for: id }, "Reason: "), reason,
    h("button", { type: "submit", class: "quiet-button" }, "Decline"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    answer("DeclineChallenge", { challengeId: challenge.challengeId, reason: reason.value });
  });
  return form;
}

function received(c) {
  const open = c.state === "CHALLENGE_STATE_OPEN";
  return [
    h("strong", {}, c.challengerName), " challenges you: ", termsLine(c.terms),
    open ? expiresIn(c) : ` · ${CHALLENGE_STATES[c.state] ?? ""}`,
    open ? [" ", button("Accept", () => accept(c.challengeId), `Accept ${c.challengerName}'s challenge`), " ", declineForm(c)] : "",
    c.state === "CHALLENGE_STATE_ACCEPTED" ? [" ", button("Go to your seat", () => takeSeat(c.challengeId))] : "",
  ];
}

function sent(c) {
  const whom = c.opponent === "OPPONENT_ANYONE" ? "anyone" : c.opponent === "OPPONENT_BOT" ? "a bot" : c.invitedName;
  const state = h("span", { class: `challenge-state ${c.state}` }, CHALLENGE_STATES[c.state] ?? "");
  return [
    "You challenged ", h("strong", {}, whom), ": ", termsLine(c.terms), " · ", state,
    c.state === "CHALLENGE_STATE_DECLINED" ? h("span", { class: "decline-reason" }, `: ${DECLINE_REASONS[c.declineReason] ?? "no reason given"}`) : "",
    c.state === "CHALLENGE_STATE_ACCEPTED" && c.acceptedName ? ` by ${c.acceptedName}` : "",
    c.state === "CHALLENGE_STATE_OPEN" ? [expiresIn(c), " ", button("Withdraw", () => answer("WithdrawChallenge", { challengeId: c.challengeId }))] : "",
    c.state === "CHALLENGE_STATE_ACCEPTED" ? [" ", button("Go to your seat", () => takeSeat(c.challengeId))] : "",
  ];
}

function openTable(c) {
  const mine = currentPlayer()?.playerId === c.challengerId;
  return [
    h("strong", {}, c.challengerName), "'s table: ", termsLine(c.terms), expiresIn(c), " ",
    !currentPlayer() ? h("span", { class: "muted" }, "sign in to take it")
      : mine ? h("span", { class: "muted" }, "your table")
        : button("Accept", () => accept(c.challengeId), `Accept ${c.challengerName}'s table`),
  ];
}

// Draws `list` from `found`, keeping each entry whose challenge did not change.
function draw(list, found, content, empty) {
  const kept = new Map([...list.querySelectorAll("li[data-key]")].map((li) => [li.dataset.key, li]));
  const items = found.map((c) => {
    const key = `${c.challengeId}:${c.state}`;
    return kept.get(key) ?? h("li", { "data-key": key, "data-challenge": c.challengeId, "data-state": c.state }, ...content(c));
  });
  list.replaceChildren(...(items.length ? items : [h("li", { class: "muted" }, empty)]));
}

async function refresh() {
  const me = currentPlayer();
  $("challenges-section").hidden = !me;
  $("open-table").hidden = !me;
  const tables = (await openChallenges({ limit: 20 })).challenges ?? [];
  draw($("open-tables"), tables, openTable, "none");
  if (!me) return;
  const mine = (await challenges("ListChallenges", { limit: 30 })).challenges ?? [];
  draw($("challenges-in"), mine.filter((c) => c.invitedId === me.playerId), received, "none");
  draw($("challenges-out"), mine.filter((c) => c.challengerId === me.playerId), sent, "none");
}

async function main() {
  const got = await gamesOffered().catch(() => ({}));
  titles = new Map((got.games ?? []).map((g) => [g.titleId, g.displayName]));
  $("open-table").replaceChildren(challengeForm({ anyone: true }, () => refresh().catch((e) => say(e.message))));
  const again = () => refresh().then(() => { document.body.dataset.challenges = "loaded"; }).catch((e) => say(e.message));
  addEventListener(CHANGED, again);
  await again();
  setInterval(again, REFRESH_MS);
}

main();
