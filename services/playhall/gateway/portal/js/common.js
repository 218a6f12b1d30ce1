// What every page shares: names of seats, bot levels, the fragment's token, small DOM helpers.

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
