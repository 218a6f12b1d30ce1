// The matches waiting on the signed-in player's move (PlayerService.ListMyTurn), for the
// "Your turn" link in every page's bar (its count as a badge) and the Your turn page. One call
// serves both: on opening a page, when the player signs in, when a page sees the player's turn
// come or go (the match page says so with TURN_CHANGED, and so does the bell when a notice of a
// turn, an end or a new match comes, `notices.js`), and every PERIOD_MS while the page is in
// view; never more than one call per MIN_GAP_MS. Each answer is sent as a MY_TURN event.
import { h } from "./common.js";
import { formatNumber, ready, t } from "./i18n.js";
import { CHANGED, currentPlayer, players } from "./players.js";

export const MY_TURN = "playhall:my-turn";
export const TURN_CHANGED = "playhall:turn-changed";
const PERIOD_MS = 45_000;
const MIN_GAP_MS = 2_000;
// A player holds at most 21 turn-based matches; live ones waiting on them are few.
const LIMIT = 50;

// {count, matches, receivedAt} of the last answer for the player signed in (null before one),
// and why the last call failed ("" when it did not).
export const myTurn = { latest: null, error: "" };
let lastStart = 0;
let running = null;
let again = false; // asked for while a call was under way: ask once more after it
let timer = null;

export const waitingWords = (count) => t("myturn-waiting", { count });

let link = null;
// The bar's link to the Your turn page, its badge the count (one element, kept up to date).
export function turnLink() {
  if (!link) {
    link = h("a", { href: "/turns.html", id: "your-turn", class: "your-turn" }, h("span", { class: "turn-words" }),
      h("span", { class: "turn-count", "aria-hidden": "true", hidden: "" }));
    ready.then(showCount);
  }
  return link;
}

function showCount() {
  if (!link) return;
  const { latest } = myTurn;
  const count = latest ? latest.count : 0;
  const badge = link.querySelector(".turn-count");
  link.querySelector(".turn-words").textContent = t("myturn-link");
  badge.textContent = formatNumber(count);
  badge.hidden = !count;
  link.dataset.count = latest ? String(count) : "";
  link.setAttribute("aria-label", t("myturn-link-label", { state: latest ? waitingWords(count) : t("myturn-not-known") }));
}

function announce() {
  showCount();
  dispatchEvent(new CustomEvent(MY_TURN));
}

function schedule(delay) {
  clearTimeout(timer);
  timer = currentPlayer() && !document.hidden ? setTimeout(refresh, delay) : null;
}

// Asks again (now, or as soon as MIN_GAP_MS since the last call allows); resolves once the
// answer is in. A failed call keeps the count shown until the next one.
export function refresh() {
  if (running) {
    again = true;
    return running;
  }
  const player = currentPlayer();
  if (!player) {
    clearTimeout(timer);
    myTurn.latest = null;
    myTurn.error = "";
    announce();
    return Promise.resolve();
  }
  const wait = Math.max(0, lastStart + MIN_GAP_MS - Date.now());
  running = new Promise((resolve) => setTimeout(resolve, wait))
    .then(() => {
      lastStart = Date.now();
      return players("ListMyTurn", { limit: LIMIT });
    })
    .then((got) => {
      if (currentPlayer()?.playerId !== player.playerId) return; // another player's now
      myTurn.latest = { count: Number(got.count ?? 0), matches: got.matches ?? [], receivedAt: Date.now() };
      myTurn.error = "";
    })
    .catch((error) => {
      myTurn.error = error.message;
    })
    .finally(() => {
      running = null;
      announce();
      schedule(again ? 0 : PERIOD_MS);
      again = false;
    });
  return running;
}

addEventListener(CHANGED, () => {
  myTurn.latest = null;
  refresh();
});
addEventListener(TURN_CHANGED, () => refresh());
// A page restored from the back-forward cache asks at once (its count is from before).
addEventListener("pageshow", (event) => event.persisted && refresh());
// A page out of view asks nothing; back in view, it asks at once if its count is old.
document.addEventListener("visibilitychange", () => {
  if (document.hidden) clearTimeout(timer);
  else schedule(Math.max(0, lastStart + PERIOD_MS - Date.now()));
});
refresh();
