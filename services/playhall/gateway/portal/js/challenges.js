// The lobby's challenges: the signed-in player's own (received ones with accept and decline
// with a reason from the fixed list; sent ones with where they stand, the decline's reason, and
// withdraw while open; an accepted one with the way to the seat), and the open tables (open
// challenges to anyone) with accept, plus the form that opens one. Both lists follow the
// server every few seconds; an entry that did not change is kept as it is (a reason being
// chosen stays chosen).
import { gameName, h, loadTitles, matchLink, paceLabel, relativeTime, tNodes } from "./common.js";
import { challengeForm, gamesOffered } from "./challengeform.js";
import { ready, t } from "./i18n.js";
import { CHALLENGE_STATES, DECLINE_REASONS, challenges, num, openChallenges } from "./social.js";
import { CHANGED, currentPlayer, players } from "./players.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 4000;
let titles = new Map();

function say(message) {
  $("challenge-error").textContent = message;
  $("challenge-error").hidden = !message;
}

// "Galileo Galilei · 3 seats · live · least karma 60".
function termsLine(terms = {}) {
  const seats = num(terms.seats) || 2;
  const pace = paceLabel(terms.clock) || t("queue-live");
  const karma = num(terms.minKarma) ? ` · ${t("challenges-least-karma", { karma: num(terms.minKarma) })}` : "";
  return `${titles.get(terms.titleId) ?? terms.titleId} · ${t("challenges-seats", { seats })} · ${pace}${karma}`;
}

// " · answer in 3 hours" while the challenge is open.
function expiresIn(challenge) {
  const at = num(challenge.expiresUnixMs);
  return at > Date.now() ? ` · ${t("challenges-answer-within", { when: relativeTime(at) })}` : "";
}

// A state's words (CHALLENGE_STATES maps the enum to its key).
const stateWords = (state) => (CHALLENGE_STATES[state] ? t(CHALLENGE_STATES[state]) : "");

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

// A player's name as the lists show it: bold, in the direction of its own script.
const strong = (name) => h("strong", { dir: "auto" }, name);

function button(text, onclick, label) {
  return h("button", { type: "button", onclick, ...(label ? { "aria-label": label } : {}) }, text);
}

function declineForm(challenge) {
  const id = `decline-${challenge.challengeId}`;
  const reason = h("select", { id, name: "reason" },
    ...Object.entries(DECLINE_REASONS).map(([value, key]) => h("option", { value }, t(key))));
  const form = h("form", { class: "decline" }, h("label", { for: id }, t("challenges-reason")), " ", reason,
    h("button", { type: "submit", class: "quiet-button" }, t("challenges-decline")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    answer("DeclineChallenge", { challengeId: challenge.challengeId, reason: reason.value });
  });
  return form;
}

function received(c) {
  const open = c.state === "CHALLENGE_STATE_OPEN";
  const name = c.challengerName;
  return [
    ...tNodes("challenges-challenges-you", {}, { name: strong(name) }), " ", termsLine(c.terms),
    open ? expiresIn(c) : ` · ${stateWords(c.state)}`,
    open ? [" ", button(t("challenges-accept"), () => accept(c.challengeId), t("challenges-accept-challenge", { name })), " ", declineForm(c)] : "",
    c.state === "CHALLENGE_STATE_ACCEPTED" ? [" ", button(t("challenges-go-to-seat"), () => takeSeat(c.challengeId))] : "",
  ];
}

// Whom a sent challenge is to: its invited player, or the words for anyone or a bot.
const OPPONENTS = { OPPONENT_ANYONE: "challenges-to-anyone", OPPONENT_BOT: "challenges-to-bot" };

function sent(c) {
  const whom = OPPONENTS[c.opponent] ? t(OPPONENTS[c.opponent]) : c.invitedName;
  const state = h("span", { class: `challenge-state ${c.state}` }, stateWords(c.state));
  const reason = DECLINE_REASONS[c.declineReason] ?? "challenges-no-reason";
  return [
    ...tNodes("challenges-you-challenged", {}, { name: strong(whom) }), " ", termsLine(c.terms), " · ", state,
    c.state === "CHALLENGE_STATE_DECLINED" ? h("span", { class: "decline-reason" }, `: ${t(reason)}`) : "",
    c.state === "CHALLENGE_STATE_ACCEPTED" && c.acceptedName ? [" ", t("challenges-accepted-by", { name: c.acceptedName })] : "",
    c.state === "CHALLENGE_STATE_OPEN" ? [expiresIn(c), " ", button(t("challenges-withdraw"), () => answer("WithdrawChallenge", { challengeId: c.challengeId }))] : "",
    c.state === "CHALLENGE_STATE_ACCEPTED" ? [" ", button(t("challenges-go-to-seat"), () => takeSeat(c.challengeId))] : "",
  ];
}

function openTable(c) {
  const mine = currentPlayer()?.playerId === c.challengerId;
  const name = c.challengerName;
  return [
    ...tNodes("challenges-table-of", {}, { name: strong(name) }), " ", termsLine(c.terms), expiresIn(c), " ",
    !currentPlayer() ? h("span", { class: "muted" }, t("challenges-sign-in-to-take"))
      : mine ? h("span", { class: "muted" }, t("challenges-your-table"))
        : button(t("challenges-accept"), () => accept(c.challengeId), t("challenges-accept-table", { name })),
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
  draw($("open-tables"), tables, openTable, t("lobby-none"));
  if (!me) return;
  const mine = (await challenges("ListChallenges", { limit: 30 })).challenges ?? [];
  draw($("challenges-in"), mine.filter((c) => c.invitedId === me.playerId), received, t("lobby-none"));
  draw($("challenges-out"), mine.filter((c) => c.challengerId === me.playerId), sent, t("lobby-none"));
}

async function main() {
  await ready;
  const got = await gamesOffered().catch(() => ({}));
  await loadTitles(got.games ?? []);
  titles = new Map((got.games ?? []).map((g) => [g.titleId, gameName(g)]));
  $("open-table").replaceChildren(challengeForm({ anyone: true }, () => refresh().catch((e) => say(e.message))));
  const again = () => refresh().then(() => { document.body.dataset.challenges = "loaded"; }).catch((e) => say(e.message));
  addEventListener(CHANGED, again);
  await again();
  setInterval(again, REFRESH_MS);
}

main();
