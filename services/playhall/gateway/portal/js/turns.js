// The Your turn page: the matches waiting on the signed-in player's move (`myturn.js` asks),
// the nearest deadline first, each with its game, the opponents (one away on vacation says
// until when) and the time left (days and hours on a turn-based clock; "stopped" while the
// player is away), and a link that plays it in this browser (ReclaimSeat: a fresh
// seat token; the seat's older link stops working).
import { call } from "./connect.js";
import {
  awayTag, awayUntil, botAccountTag, clockTime, deadlineDate, gameName, h, isTurnBased, listOf, loadTitles, matchLink, paceLabel, seatName, userText,
} from "./common.js";
import { ready, t } from "./i18n.js";
import { MY_TURN, myTurn } from "./myturn.js";
import { CHANGED, currentPlayer, players, ratingTag } from "./players.js";

const $ = (id) => document.getElementById(id);
const TICK_MS = 30_000;
const URGENT_MS = 3_600_000;
let games = [];

const titleName = (id) => gameName(games.find((g) => g.titleId === id) ?? { titleId: id });

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

// The time left of an entry: counted down from the server's time left as the list came (so a
// wrong clock in this computer does not move it), again every TICK_MS without asking.
function timeLeft(turn, receivedAt) {
  // Away, the player's clock stands still (the server's deadline is 0 meanwhile).
  const away = Math.max(0, ...(turn.seats ?? []).map((n) => awayUntil(turn.match?.seats?.[n])));
  if (away) return h("span", { class: "time-left stopped" }, t("turns-clock-stopped", { when: deadlineDate(away) }));
  if (!Number(turn.deadlineUnixMs ?? 0)) return h("span", { class: "time-left muted" }, t("turns-no-clock"));
  const span = h("span", { class: "time-left" });
  span.dataset.deadline = String(receivedAt + Number(turn.timeLeftMs ?? 0));
  span.dataset.turnBased = String(isTurnBased(turn.match?.clock));
  tick(span);
  return span;
}

function tick(span) {
  const deadline = Number(span.dataset.deadline);
  const left = deadline - Date.now();
  const turnBased = span.dataset.turnBased === "true";
  span.classList.toggle("urgent", left < URGENT_MS);
  span.replaceChildren(t("turns-time-left", { time: clockTime(left, turnBased) }),
    turnBased ? h("span", { class: "muted" }, " ", t("turns-until", { when: deadlineDate(deadline) })) : "");
}

async function play(matchId, seat) {
  const { token } = await players("ReclaimSeat", { matchId, seat });
  location.href = matchLink(matchId, token.token, token.seat ?? 0);
}

function turnItem(turn, receivedAt, me) {
  const match = turn.match;
  const mine = turn.seats ?? [];
  const others = (match.seats ?? []).flatMap((seat, n) =>
    mine.includes(n) || seat.playerId === me ? [] : [[t("lobby-list-separator"), seatName(match, n), botAccountTag(seat), ratingTag(seat, match.titleId), awayUntil(seat) ? [" ", awayTag(seat)] : ""]]);
  const against = others.length ? others.map(([comma, name, ...tags]) => [comma, userText(name), ...tags]).flat().slice(1) : [t("turns-nobody-else")];
  const game = titleName(match.titleId);
  const names = others.map(([, name]) => name);
  const link = h("a", {
    href: `/match.html?id=${encodeURIComponent(match.matchId)}`,
    class: "play-link button",
    "aria-label": t("turns-play-label", { title: game, players: names.length ? listOf(names) : t("turns-nobody-else") }),
  }, t("turns-play"));
  link.addEventListener("click", (event) => {
    // Opened elsewhere (a new tab), the match page offers the seat back itself.
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    play(match.matchId, mine[0]).catch((error) => showError(error.message));
  });
  const pace = paceLabel(match.clock);
  return h("li", { "data-match": match.matchId },
    h("strong", {}, game), " · ", t("profile-against"), " ", ...against, " · ", timeLeft(turn, receivedAt),
    pace ? [" · ", h("span", { class: "tag" }, pace)] : "", " ", link);
}

let shown = "";
function render() {
  const me = currentPlayer();
  $("signed-out").hidden = Boolean(me);
  $("turns-section").hidden = !me;
  showError(myTurn.error);
  const { latest } = myTurn;
  if (!me || !latest) return;
  const turns = latest.matches.filter((turn) => turn.match);
  // Drawn again only when the list changed (the ratings beside names are asked for again,
  // and the keyboard focus stays where it is); otherwise only the times left move.
  const key = JSON.stringify([me.playerId, latest.count, turns.map((turn) => [turn.match.matchId, turn.match.version, turn.deadlineUnixMs])]);
  if (key !== shown) {
    const focused = document.activeElement?.closest?.("#turns li[data-match]")?.dataset.match;
    const items = turns.map((turn) => turnItem(turn, latest.receivedAt, me.playerId));
    $("turns").replaceChildren(...(items.length ? items : [h("li", { class: "muted" }, t("turns-none"))]));
    if (focused) $("turns").querySelector(`li[data-match="${CSS.escape(focused)}"] .play-link`)?.focus();
    shown = key;
  }
  const more = latest.count - turns.length;
  $("more").hidden = more <= 0;
  $("more").textContent = more > 0 ? t("turns-more", { count: more }) : "";
  $("summary").textContent = t("turns-summary", { count: latest.count });
  document.body.dataset.loaded = "true";
}

async function main() {
  await ready;
  try {
    games = (await call("ListGames", {})).games ?? [];
    await loadTitles(games);
  } catch (error) {
    showError(error.message);
  }
  addEventListener(MY_TURN, render);
  addEventListener(CHANGED, render);
  // The time left counts down between answers; the list itself comes every minute or so.
  setInterval(() => document.querySelectorAll("#turns .time-left[data-deadline]").forEach(tick), TICK_MS);
  render();
}

main();
