// What every page shares: names of seats, bot levels, the fragment's token, small DOM helpers, the
// words of a clock, a seat's player away. Every word comes from the catalogue (`i18n.js`).
import { formatDate, formatList, language, loadTitle, t } from "./i18n.js";

// A bot level's catalogue key, by the BotLevel enum's name.
export const LEVELS = {
  BOT_LEVEL_RANDOM: "common-level-random",
  BOT_LEVEL_EASY: "common-level-easy",
  BOT_LEVEL_NORMAL: "common-level-normal",
  BOT_LEVEL_HARD: "common-level-hard",
};

// A bot level in the reader's words ("normal"); "bot" for a level this page does not know.
export const levelName = (level) => t(LEVELS[level] ?? "common-level-unknown");

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(name, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "object" ? child : String(child));
  }
  return node;
}

// The seat token and seat number from the URL fragment (#token=...&seat=...): a fragment never
// reaches a server, so no log holds the token.
export function fragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const seat = params.get("seat");
  return { token: params.get("token"), seat: seat === null ? null : Number(seat) };
}

// A message whose arguments include elements (a name in <strong>, a link): `elements` maps
// argument names to nodes (give each `dir: "auto"` where it shows a name). The sentence comes
// from the catalogue with a marker where each element goes, then is cut there, so the language
// decides the order of words and elements.
export function tNodes(key, args = {}, elements = {}) {
  const names = Object.keys(elements);
  const marked = { ...args };
  names.forEach((name, n) => { marked[name] = `\uE000${n}\uE001`; });
  // Fluent's isolation marks around an element's place go: the element isolates itself (dir).
  return t(key, marked).split(/\u2068?\uE000(\d+)\uE001\u2069?/)
    .map((part, i) => (i % 2 ? elements[names[Number(part)]] : part));
}

// Text a person wrote (a name, a chat message) in an element of its own whose direction is its
// own: a Latin name in a Persian sentence, or a Persian message on an English page, reads right.
export const userText = (text, tag = "bdi") => h(tag, { dir: "auto" }, text);

export function seatName(summary, n, mySeat = null) {
  const info = (summary?.seats ?? [])[n] ?? {};
  const number = n + 1;
  let name = info.displayName || t("common-seat", { number });
  if (info.kind === "SEAT_KIND_BOT") name = info.displayName || t("common-seat-bot", { number, level: levelName(info.botLevel) });
  if (info.kind === "SEAT_KIND_OPEN") name = t("common-seat-open", { number });
  if (n === mySeat) name = t("common-seat-you", { name });
  return name;
}

// Beside a seat's name: "bot" when a bot account holds the seat (a program plays it though the
// seat is a person's kind), tagged as players.js's botName tags a house bot.
export function botAccountTag(seat) {
  return seat?.botAccount ? [" ", h("span", { class: "tag" }, t("common-bot-tag"))] : "";
}

export function matchLink(matchId, token, seat) {
  const base = `${location.origin}/match.html?id=${encodeURIComponent(matchId)}`;
  return token ? `${base}#token=${encodeURIComponent(token)}&seat=${seat}` : base;
}

// The catalogues of `games` (ListGames' GameInfo), so `gameName` finds their names; a title
// whose catalogue does not load keeps the name the server gives.
export async function loadTitles(games) {
  await Promise.allSettled(games.map((game) => loadTitle(game.titleId, game.rulesVersion)));
}

// A game's name: its catalogue's "<title>-name" once loaded (`loadTitles`), else the server's
// display name (English), else its id.
export function gameName(game) {
  const key = `${game?.titleId}-name`;
  const name = t(key);
  return name && name !== key ? name : game?.displayName || game?.titleId || "";
}

export async function titleModule(titleId) {
  if (!/^[a-z0-9_]+$/.test(titleId)) throw new Error("bad title id");
  try {
    return await import(`./titles/${titleId}.js`);
  } catch {
    return import("./titles/_generic.js");
  }
}

export const unpackEvent = (any) => {
  const { "@type": _type, ...event } = any ?? {};
  return event;
};

// Clocks. A live clock counts seconds; a turn-based one (Clock.pace) counts days and hours.
export const isTurnBased = (clock) => clock?.pace === "PACE_TURN_BASED";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// The one way the portal words a clock's time (time left, a time per move, a bank), in
// milliseconds: "83 s" on a live clock; on a turn-based one days and hours ("2 days 5 hours"),
// under a day hours and minutes, under an hour minutes. The catalogue's plurals word each unit.
export function clockTime(ms, turnBased) {
  const left = Math.max(0, Number(ms) || 0);
  if (!turnBased) return t("common-clock-seconds", { seconds: Math.round(left / 1000) });
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((left % HOUR_MS) / MINUTE_MS);
  if (days) return hours ? t("common-clock-days-hours", { days, hours }) : t("common-clock-days", { days });
  if (hours) return minutes ? t("common-clock-hours-minutes", { hours, minutes }) : t("common-clock-hours", { hours });
  return minutes ? t("common-clock-minutes", { minutes }) : t("common-clock-under-a-minute");
}

// When a turn-based deadline falls, as the reader's calendar says it ("Mar 5, 14:00").
export const deadlineDate = (unixMs) =>
  formatDate(new Date(Number(unixMs)), { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });

// A time from now in the reader's words ("in 3 hours", "2 days ago"), in the largest unit
// that is at least one (seconds under a minute).
export function relativeTime(unixMs) {
  const delta = Number(unixMs) - Date.now();
  const size = Math.abs(delta);
  const [unit, ms] = size >= DAY_MS ? ["day", DAY_MS] : size >= HOUR_MS ? ["hour", HOUR_MS]
    : size >= MINUTE_MS ? ["minute", MINUTE_MS] : ["second", 1000];
  return new Intl.RelativeTimeFormat(language(), { numeric: "auto" }).format(Math.round(delta / ms), unit);
}

// Words joined as the reader's language lists them ("a, b and c"; type "unit": "a, b").
export const listOf = (words, type = "conjunction") => formatList(words, { type });

// While a seat's player is away on vacation (a turn-based match), when they are back at the
// latest in Unix milliseconds (their clock stands still until then); 0 otherwise.
export const awayUntil = (seat) => Number(seat?.awayUntilUnixMs ?? 0);

// "away until Mar 5, 14:00" for a seat whose player is away, as a tag beside their name; null
// otherwise.
export function awayTag(seat) {
  const until = awayUntil(seat);
  return until ? h("span", { class: "tag away", "data-away-until": until }, t("common-away-until", { when: deadlineDate(until) })) : null;
}

// A turn-based match's clock in a few words ("turn-based, 3 days a move"); "" for a live one.
export function paceLabel(clock) {
  if (!isTurnBased(clock)) return "";
  const perTurn = Number(clock.secondsPerTurn ?? 0) * 1000;
  if (perTurn) return t("common-pace-per-move", { time: clockTime(perTurn, true) });
  const bank = clockTime(Number(clock.bankInitialSeconds ?? 0) * 1000, true);
  const increment = Number(clock.bankIncrementSeconds ?? 0) * 1000;
  return increment ? t("common-pace-bank-increment", { bank, increment: clockTime(increment, true) })
    : t("common-pace-bank", { bank });
}
