// The profile page: the signed-in player's games being played (a click takes the seat back, in
// this browser), their rating in each title as a chart over time, and their finished matches,
// newest first, a page at a time, each with its replay; their vacation (away days left this
// year, going away from their turn-based matches and coming back); their reputation (karma, from
// matches finished and abandoned). With ?player=<id>, another player's ratings and reputation
// only (their games, history and vacation are theirs; `relation.js` adds what the two players
// are to each other).
import { call } from "./connect.js";
import { botAccountTag, clockTime, deadlineDate, gameName, h, loadTitles, matchLink, seatName, tNodes, userText } from "./common.js";
import { ratingChart } from "./chart.js";
import { formatDate, formatNumber, ready, t } from "./i18n.js";
import { Pager } from "./pager.js";
import { reputationLine } from "./reputation.js";
import { CHANGED, currentPlayer, describeRating, players, ratingTag, ratingText, ratingValue } from "./players.js";

const $ = (id) => document.getElementById(id);
const other = new URLSearchParams(location.search).get("player");
const HISTORY_PAGE = 10;
const CHART_CHANGES = 200;
const DEFAULT_MU = 25;
const DEFAULT_SIGMA = 25 / 3;
let games = [];
let turnBased = {};
let pager = null;

const titleName = (id) => gameName(games.find((g) => g.titleId === id) ?? { titleId: id });
const when = (ms) => formatDate(new Date(Number(ms)), { dateStyle: "medium", timeStyle: "short" });

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

async function showGames() {
  const running = (await players("ListRunningMatches", {})).matches ?? [];
  $("my-games").replaceChildren(...(running.length ? running.map(gameItem) : [h("li", { class: "muted" }, t("lobby-none"))]));
}

function gameItem({ match, seats = [] }) {
  const mine = seats[0] ?? 0;
  const toMove = match.status?.toMove ?? [];
  const others = (match.seats ?? []).flatMap((seat, n) =>
    (seats.includes(n) ? [] : [t("lobby-list-separator"), userText(seatName(match, n)), botAccountTag(seat), ratingTag(seat, match.titleId)])).slice(1);
  const button = h("button", { type: "button", class: "reclaim" }, t("profile-go-back-in"));
  button.addEventListener("click", () => reclaim(match.matchId, mine).catch((error) => showError(error.message)));
  return h("li", { "data-match": match.matchId },
    h("strong", {}, titleName(match.titleId)), " · ", t("profile-against"), " ", ...(others.length ? others : [t("profile-nobody-yet")]), " · ",
    match.phase === "MATCH_PHASE_OPEN" ? [t("profile-waiting-for-players"), " · "]
      : toMove.includes(mine) ? h("em", {}, t("profile-your-move"), " · ") : "",
    button);
}

// The vacation: the away time left this year, and either the form that starts one or, while
// away, until when with the button that ends it. A refusal (no away days left) in #error.
function showVacation(vacation = {}) {
  const until = Number(vacation.awayUntilUnixMs ?? 0);
  const left = Number(vacation.allowanceLeftMs ?? 0);
  const perYear = Number(turnBased.vacationDaysPerYear ?? 0);
  // perYear 0: a deployment that does not say its allowance (the sentence leaves it out).
  $("vacation-left").textContent = left <= 0 ? t("profile-vacation-none-left", { perYear })
    : t(until ? "profile-vacation-left-away" : "profile-vacation-left", { time: clockTime(left, true), perYear });
  $("go-away").hidden = Boolean(until);
  $("away").hidden = !until;
  $("away-until").textContent = until ? t("profile-away-until", { when: deadlineDate(until) }) : "";
  $("vacation-section").dataset.away = String(Boolean(until));
}

async function loadVacation() {
  const { vacation } = await players("GetProfile", {});
  showVacation(vacation);
}

// Sends a vacation change (GoAway, ComeBack) and shows the answer; the keyboard focus goes to
// what replaces the control pressed.
async function changeVacation(method, request, focus) {
  showError("");
  try {
    const { vacation } = await players(method, request);
    showVacation(vacation);
    $(focus).focus();
  } catch (error) {
    showError(error.message);
  }
}

function setUpVacation() {
  $("go-away").addEventListener("submit", (event) => {
    event.preventDefault();
    changeVacation("GoAway", { days: Number($("away-days").value) }, "come-back");
  });
  $("come-back").addEventListener("click", () => changeVacation("ComeBack", {}, "away-days"));
}

async function reclaim(matchId, seat) {
  const { token } = await players("ReclaimSeat", { matchId, seat });
  location.href = matchLink(matchId, token.token, token.seat ?? 0);
}

// Where a new player's rating starts, in the shown scale: the defaults (OpenSkill's mu 25,
// sigma 25/3) with the same margin of sigmas the server takes off this rating.
function startOf(rating) {
  const sigma = Number(rating.sigma ?? 0);
  if (!sigma) return null;
  const sigmas = (Number(rating.mu ?? 0) - Number(rating.display ?? 0)) / sigma;
  return DEFAULT_MU - sigmas * DEFAULT_SIGMA;
}

// A change of rating with its sign, one decimal ("+1.5", "−0.3"), in the reader's digits.
function signed(delta) {
  return formatNumber(delta, { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: "always" });
}

const oneDecimal = (value) => formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

async function ratingCard(playerId, rating) {
  const history = await players("GetRatingHistory", { playerId, titleId: rating.titleId, pageSize: CHART_CHANGES });
  const changes = history.changes ?? [];
  const [latest, previous] = changes; // newest first
  let change = "";
  if (previous) {
    change = t("profile-last-match", { change: signed(ratingValue(latest.rating) - ratingValue(previous.rating)) });
  } else if (latest && startOf(latest.rating) !== null) {
    const start = Math.max(0, startOf(latest.rating));
    change = t("profile-first-rated-match", { change: signed(ratingValue(latest.rating) - start), start: oneDecimal(start) });
  }
  const played = Number(rating.matches ?? 0);
  return h("article", { class: "rating-card", "data-title": rating.titleId },
    h("h3", {}, titleName(rating.titleId), " ",
      h("span", { class: `rating big${rating.provisional ? " provisional" : ""}`, title: describeRating(rating) },
        ratingText(rating))),
    h("p", { class: "muted rating-facts" },
      t("profile-rated-matches", { matches: played }),
      rating.provisional ? ` · ${t("chart-provisional")}` : "",
      change ? ` · ${change}` : "",
      history.nextPageToken ? ` · ${t("profile-chart-shows-last", { count: changes.length })}` : ""),
    ratingChart(changes, titleName(rating.titleId)),
    h("p", {}, h("a", { href: `/leaderboard.html?title=${encodeURIComponent(rating.titleId)}` }, t("profile-leaderboard"))));
}

async function showRatings(playerId) {
  const got = await players("GetRatings", { playerId });
  if (other) {
    const name = got.player?.displayName ?? t("profile-player");
    $("title").replaceChildren(userText(name));
    document.title = t("profile-document-title", { name });
  }
  $("reputation").replaceChildren(reputationLine(got.player?.reputation));
  $("reputation").hidden = false;
  const ratings = got.ratings ?? [];
  const cards = await Promise.all(ratings.map((r) => ratingCard(playerId, r)));
  $("ratings").replaceChildren(...(cards.length ? cards : [h("p", { class: "muted" }, t("profile-no-rated-match"))]));
}

// How a finished match ended for the player, as a catalogue key.
function result(finished) {
  const m = finished.match;
  const mine = finished.seats ?? [];
  const winners = m.winners ?? [];
  const left = mine.some((n) => m.seats?.[n]?.resigned);
  if (mine.some((n) => winners.includes(n))) return winners.length > 1 ? "profile-result-shared-win" : "profile-result-won";
  if (m.endReason === "END_REASON_ABANDONED") return "profile-result-abandoned";
  return left ? "profile-result-left" : "profile-result-lost";
}

function historyRow(finished) {
  const m = finished.match;
  const mine = finished.seats ?? [];
  const winners = m.winners ?? [];
  const seats = (m.seats ?? []).map((seat, n) =>
    h("span", { class: `seat${winners.includes(n) ? " winner" : ""}${mine.includes(n) ? " mine" : ""}` },
      userText(seatName(m, n)), botAccountTag(seat)));
  const rating = finished.ratingAfter;
  return h("tr", { "data-match": m.matchId },
    h("td", {}, when(finished.finishedUnixMs)),
    h("td", {}, titleName(m.titleId)),
    h("td", { class: "seats-cell" }, ...seats),
    h("td", { class: "result" }, t(result(finished))),
    h("td", { class: "num", title: rating ? describeRating(rating) : t("profile-not-rated") },
      rating ? ratingText(rating) : "—"),
    h("td", {}, h("a", { href: `/replay.html?id=${encodeURIComponent(m.matchId)}`, class: "replay-link" }, t("lobby-replay"))));
}

function setUpHistory() {
  const select = $("history-title");
  select.append(...games.map((g) => h("option", { value: g.titleId }, gameName(g))));
  pager = new Pager(
    (pageToken) => players("ListFinishedMatches", { titleId: select.value, pageSize: HISTORY_PAGE, pageToken }),
    (page) => {
      const rows = (page.matches ?? []).map(historyRow);
      $("history").replaceChildren(...(rows.length ? rows : [h("tr", {}, h("td", { colspan: 6, class: "muted" }, t("moderation-desk-none-yet")))]));
      return rows.length;
    },
    {
      prev: $("history-prev"), next: $("history-next"), where: $("history-page"), size: HISTORY_PAGE,
      range: "profile-pager-range", onwards: "profile-pager-onwards",
    },
  );
  select.addEventListener("change", () => pager.restart().catch((error) => showError(error.message)));
}

async function show() {
  showError("");
  const me = currentPlayer();
  const signedIn = Boolean(me);
  $("signed-out").hidden = signedIn;
  $("ratings-section").hidden = !signedIn;
  $("games-section").hidden = $("history-section").hidden = $("vacation-section").hidden = !signedIn || Boolean(other);
  $("notices-section").hidden = !signedIn || Boolean(other);
  if (!signedIn) return;
  if (!other) {
    $("title").replaceChildren(...tNodes("profile-own-title", {}, { name: userText(me.displayName) }));
    document.title = t("profile-document-title", { name: me.displayName });
  }
  // Each part on its own: a part that fails (no archive here, say) leaves the others shown.
  const parts = [showRatings(other || me.playerId)];
  if (!other) parts.push(showGames(), loadVacation(), pager.restart());
  const failed = (await Promise.allSettled(parts)).filter((p) => p.status === "rejected");
  showError([...new Set(failed.map((p) => p.reason.message))].join(" · "));
  document.body.dataset.loaded = "true";
}

async function main() {
  await ready;
  try {
    const got = await call("ListGames", {});
    games = got.games ?? [];
    turnBased = got.turnBased ?? {};
    await loadTitles(games);
  } catch (error) {
    showError(error.message);
  }
  setUpHistory();
  setUpVacation();
  const refresh = () => show().catch((error) => showError(error.message));
  addEventListener(CHANGED, refresh);
  await refresh();
}

main();
