// What every page shares: names of seats, bot levels, the fragment's token, small DOM helpers, the
// words of a clock, a seat's player away.

export const LEVELS = {
  BOT_LEVEL_RANDOM: "random",
  BOT_LEVEL_EASY: "easy",
  BOT_LEVEL_NORMAL: "normal",
  BOT_LEVEL_HARD: "hard",
};

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

export function seatName(summary, n, mySeat = null) {
  const info = (summary?.seats ?? [])[n] ?? {};
  let name = info.displayName || `Seat ${n + 1}`;
  if (info.kind === "SEAT_KIND_BOT") name = info.displayName || `Bot ${n + 1} (${LEVELS[info.botLevel] ?? "bot"})`;
  if (info.kind === "SEAT_KIND_OPEN") name = `Seat ${n + 1} (open)`;
  if (n === mySeat) name += " (you)";
  return name;
}

// Beside a seat's name: "bot" when a bot account holds the seat (a program plays it though the
// seat is a person's kind), tagged as players.js's botName tags a house bot.
export function botAccountTag(seat) {
  return seat?.botAccount ? [" ", h("span", { class: "tag" }, "bot")] : "";
}

export function matchLink(matchId, token, seat) {
  const base = `${location.origin}/match.html?id=${encodeURIComponent(matchId)}`;
  return token ? `${base}#token=${encodeURIComponent(token)}&seat=${seat}` : base;
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
const plural = (n, unit) => `${n} ${unit}${n === 1 ? "" : "s"}`;

// The one way the portal words a clock's time (time left, a time per move, a bank), in
// milliseconds: "83 s" on a live clock; on a turn-based one days and hours ("2 days 5 hours"),
// under a day hours and minutes, under an hour minutes.
export function clockTime(ms, turnBased) {
  const left = Math.max(0, Number(ms) || 0);
  if (!turnBased) return `${(left / 1000).toFixed(0)} s`;
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((left % HOUR_MS) / MINUTE_MS);
  if (days) return hours ? `${plural(days, "day")} ${plural(hours, "hour")}` : plural(days, "day");
  if (hours) return minutes ? `${plural(hours, "hour")} ${plural(minutes, "minute")}` : plural(hours, "hour");
  return minutes ? plural(minutes, "minute") : "less than a minute";
}

// When a turn-based deadline falls, as the reader's calendar says it ("Mar 5, 14:00").
export const deadlineDate = (unixMs) =>
  new Date(Number(unixMs)).toLocaleString(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });

// While a seat's player is away on vacation (a turn-based match), when they are back at the
// latest in Unix milliseconds (their clock stands still until then); 0 otherwise.
export const awayUntil = (seat) => Number(seat?.awayUntilUnixMs ?? 0);

// "away until Mar 5, 14:00" for a seat whose player is away, as a tag beside their name; null
// otherwise.
export function awayTag(seat) {
  const until = awayUntil(seat);
  return until ? h("span", { class: "tag away", "data-away-until": until }, `away until ${deadlineDate(until)}`) : null;
}

// A turn-based match's clock in a few words ("turn-based, 3 days a move"); "" for a live one.
export function paceLabel(clock) {
  if (!isTurnBased(clock)) return "";
  const perTurn = Number(clock.secondsPerTurn ?? 0) * 1000;
  if (perTurn) return `turn-based, ${clockTime(perTurn, true)} a move`;
  const bank = Number(clock.bankInitialSeconds ?? 0) * 1000;
  const increment = Number(clock.bankIncrementSeconds ?? 0) * 1000;
  return `turn-based, a bank of ${clockTime(bank, true)}` + (increment ? ` (+${clockTime(increment, true)} a move)` : "");
}
