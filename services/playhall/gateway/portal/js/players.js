// The signed-in player: the guest sign-in or a token of the operator's OIDC provider
// (`oidc.js` gets it), the player token kept in this browser (localStorage, so a reload or
// another tab stays signed in until sign-out or the token's expiry, when the page signs out),
// calls of PlayerService with that token, and ratings to show beside names.
import { RpcError, call } from "./connect.js";
import { h, userText } from "./common.js";
import { formatNumber, t } from "./i18n.js";

const PLAYERS = "/playhall.players.v1.PlayerService/";
const GUESTS = "/playhall.players.v1.GuestService/";
const STORE = "playhall.player";
const EXPIRY_MARGIN_MS = 60_000;
const RATINGS_TTL_MS = 60_000;
export const CHANGED = "playhall:player";
const expired = () => t("players-sign-in-expired");

// {token, playerId, displayName, expiresUnix} of the player signed in here, or null (never an
// expired token: it is dropped).
export function currentPlayer() {
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(STORE) || "null");
  } catch {
    saved = null;
  }
  if (!saved?.token) return null;
  if (Number(saved.expiresUnix) * 1000 - EXPIRY_MARGIN_MS <= Date.now()) {
    forget(expired());
    return null;
  }
  return saved;
}

export const playerToken = () => currentPlayer()?.token ?? null;

// Why this browser was last signed out other than by the player (shown beside the sign-in).
export let signedOutBecause = "";

function forget(reason = "") {
  signedOutBecause = reason;
  localStorage.removeItem(STORE);
  ratings.clear();
  dispatchEvent(new CustomEvent(CHANGED));
}

// At the token's expiry (less the margin) the page signs out, rather than failing its next call.
let expiryTimer = null;
function watchExpiry() {
  clearTimeout(expiryTimer);
  const player = currentPlayer();
  if (!player) return;
  const left = Number(player.expiresUnix) * 1000 - EXPIRY_MARGIN_MS - Date.now();
  expiryTimer = setTimeout(() => {
    if (!localStorage.getItem(STORE)?.includes(player.token)) return; // replaced meanwhile
    forget(expired());
  }, Math.min(left, 2 ** 31 - 1));
}

function remember(player) {
  signedOutBecause = "";
  localStorage.setItem(STORE, JSON.stringify(player));
  ratings.clear();
  dispatchEvent(new CustomEvent(CHANGED));
  return player;
}

let config = null;
// What this deployment offers the portal (the gateway's /portal/config.json).
export function portalConfig() {
  config ??= fetch("/portal/config.json").then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
  return config;
}

export async function signInGuest(name) {
  const signed = await call("SignInGuest", { displayName: name }, { service: GUESTS });
  return remember({
    token: signed.token,
    playerId: signed.playerId,
    displayName: signed.displayName,
    expiresUnix: Number(signed.expiresUnix),
  });
}

// Signs in with a token of the operator's provider once Playhall accepts it: GetProfile names
// the player it signs in, or says why it is refused.
export async function signInWithToken(token, expiresUnix) {
  const { player } = await call("GetProfile", {}, { token, service: PLAYERS });
  return remember({ token, playerId: player.playerId, displayName: player.displayName, expiresUnix: Number(expiresUnix) });
}

export function signOut() {
  forget();
}

// Another tab signed in or out: this one follows.
addEventListener("storage", (event) => {
  if (event.key === STORE) {
    ratings.clear();
    dispatchEvent(new CustomEvent(CHANGED));
  }
});


// A call of one of the gateway's services (`service`: its path, "/package.Service/") as the
// signed-in player. A token the server no longer accepts (its issuer's key changed, say) signs
// this browser out, with the server's reason.
export async function asPlayer(service, method, request = {}) {
  const token = playerToken();
  if (!token) throw new RpcError("unauthenticated", t("players-sign-in-first"));
  try {
    return await call(method, request, { token, service });
  } catch (error) {
    if (error.code === "unauthenticated") {
      const why = t("players-signed-out", { reason: error.message });
      forget(why);
      throw new RpcError(error.code, why);
    }
    throw error;
  }
}

// A PlayerService call as the signed-in player.
export const players = (method, request = {}) => asPlayer(PLAYERS, method, request);

// A public read of PlayerService (ratings, rating histories, leaderboards): as the signed-in
// player where there is one, else as nobody.
export function publicRead(method, request = {}) {
  return playerToken() ? players(method, request) : call(method, request, { service: PLAYERS });
}

// ratings by player id: {at, ratings: Promise<Map(titleId -> Rating)>, resolved: Map | null}
const ratings = new Map();

// GetRatings calls start at most one per RATINGS_PACE_MS, so a lobby of many players stays
// within the gateway's per-token rate limit however many names it shows.
const RATINGS_PACE_MS = 100;
let nextStart = 0;
function paced(run) {
  const wait = Math.max(0, nextStart - Date.now());
  nextStart = Date.now() + wait + RATINGS_PACE_MS;
  return new Promise((resolve) => setTimeout(resolve, wait)).then(run);
}

// Resolves to Map(titleId -> Rating), or null when the ratings could not be read (then the
// next call asks again).
export function ratingsOf(playerId) {
  const cached = ratings.get(playerId);
  if (cached && Date.now() - cached.at < RATINGS_TTL_MS) return cached.ratings;
  const entry = { at: Date.now(), resolved: null };
  entry.ratings = paced(() => publicRead("GetRatings", { playerId }))
    .then((got) => {
      entry.resolved = new Map((got.ratings ?? []).map((r) => [r.titleId, r]));
      return entry.resolved;
    })
    .catch(() => {
      if (ratings.get(playerId) === entry) ratings.delete(playerId);
      return null;
    });
  ratings.set(playerId, entry);
  return entry.ratings;
}

// The one rating scale people see everywhere: the server's cautious figure (OpenSkill's mu
// less three sigma, a rating the player is almost surely above), never below 0, so a
// newcomer's first lost games do not show as a negative number. Proto JSON leaves zeros out.
export const ratingValue = (rating) => Math.max(0, Number(rating?.display ?? 0));

// That figure with one decimal, as a number's text in the reader's locale ("12.3", "۱۲٫۳").
export const shownRating = (rating) => formatNumber(ratingValue(rating), { minimumFractionDigits: 1, maximumFractionDigits: 1 });

// The figure with one decimal as data attributes carry it for programs and tests ("12.3").
const ratingFigure = (rating) => ratingValue(rating).toFixed(1);

// The figure as every page writes it, saying so while it is provisional (too few games yet).
export const ratingText = (rating) =>
  rating?.provisional ? t("players-rating-provisional", { rating: shownRating(rating) }) : shownRating(rating);

export function describeRating(rating) {
  if (!rating) return t("players-not-rated-yet");
  const args = { rating: shownRating(rating), matches: Number(rating.matches ?? 0) };
  return t(rating.provisional ? "players-rating-described-provisional" : "players-rating-described", args);
}

// A bot's name, marked as a bot once: a name that already says "bot" ("Normal bot 2") gets
// no second "bot" tag.
export function botName(name) {
  const node = h("span", { class: "bot-name" }, userText(name));
  if (!/\bbot\b/i.test(name)) node.append(" ", h("span", { class: "tag" }, t("common-bot-tag")));
  return node;
}

function fill(tag, rating) {
  tag.textContent = rating ? ratingText(rating) : t("players-rating-new");
  tag.classList.toggle("provisional", Boolean(rating?.provisional));
  tag.title = describeRating(rating);
  tag.dataset.rating = rating ? ratingFigure(rating) : "";
}

// The player id of a title's bot level: the server's `tokens.player_id("playhall:bot",
// "<title>/<level>")` (`archive.archive.bot_player`), the first 32 hex digits of a SHA-256.
// Bot seats carry no player id, yet each level is a rated player. Null where the page has no
// WebCrypto (a plain-HTTP origin other than localhost).
const botIds = new Map();
function botPlayerId(titleId, level) {
  const name = String(level ?? "").replace(/^BOT_LEVEL_/, "").toLowerCase();
  const key = `${titleId}/${name}`;
  if (!botIds.has(key)) {
    const digest = crypto.subtle?.digest("SHA-256", new TextEncoder().encode(`playhall:bot\n${key}`));
    botIds.set(key, digest
      ? digest.then((d) => "p-" + Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("").slice(0, 32))
      : Promise.resolve(null));
  }
  return botIds.get(key);
}

function fillFrom(tag, playerId, titleId) {
  tag.dataset.player = playerId;
  const known = ratings.get(playerId);
  if (known?.resolved && Date.now() - known.at < RATINGS_TTL_MS) {
    fill(tag, known.resolved.get(titleId));
  } else {
    // Unknown (the call failed): no badge rather than a wrong one.
    ratingsOf(playerId).then((map) => (map ? fill(tag, map.get(titleId)) : tag.remove()));
  }
}

// A badge with the rating in `titleId` of a seat's player (a signed-in person, or a bot level
// that held the seat from the start), filled once it is known; null where there is nothing to
// show (an anonymous seat, or nobody signed in here: ratings are for signed-in players).
export function ratingTag(seat, titleId) {
  if (!playerToken()) return null;
  // A seat a person left is played on by a bot, but it is not that bot level's seat.
  const bot = seat?.kind === "SEAT_KIND_BOT" && !seat.playerId && !seat.resigned;
  if (!seat?.playerId && !bot) return null;
  const tag = h("span", { class: "rating" }, "…");
  if (!bot) {
    fillFrom(tag, seat.playerId, titleId);
  } else {
    botPlayerId(titleId, seat.botLevel).then((id) => (id ? fillFrom(tag, id, titleId) : tag.remove()));
  }
  return tag;
}

// Last, once every binding above exists (an expired token is dropped at once).
addEventListener(CHANGED, watchExpiry);
watchExpiry();
