// "Play now": a title's matchmaking queue from the lobby. The signed-in player enters the queue
// (MatchmakingService.EnterQueue, a stream), sees how long they have waited, the rating window
// opponents are looked for in and when bots would step in, and lands in the match once seated.
// A dropped stream (a restarted server, a lost connection) enters again: the ticket waits in
// the queue meanwhile. Leaving, or closing the page, takes the ticket out. A turn-based ticket
// (a pace of so many days a move) waits until matched or left, the page open or not: its match
// is then under "Your turn", and "Play now" with the same pace hands it over.
import { RpcError, call, stream } from "./connect.js";
import { h, matchLink } from "./common.js";
import { currentPlayer, playerToken, portalConfig, ratingText, ratingsOf, signInGuest } from "./players.js";

const QUEUE = "/playhall.matchmaking.v1.MatchmakingService/";
const RETRY_MS = 1000;
// The times a move a turn-based queue offers, in days (the server's: 1, 2, 3, 5, 7, 14).
const TURN_BASED_DAYS = [1, 2, 3, 5, 7, 14];

// The signed-in player's token; where nobody is, a guest signed in on the spot if the
// deployment offers guests (the account bar follows, as players.js tells it).
async function signedIn() {
  const token = playerToken();
  if (token) return token;
  if (!(await portalConfig()).guestSignIn) {
    throw new RpcError("unauthenticated", "Sign in first (at the top of the page) to play now");
  }
  const name = prompt("Play as a guest: your name (shown to the others)", "");
  if (!name) throw new RpcError("canceled", "Sign in to play now");
  return (await signInGuest(name)).token;
}

const seconds = (ms) => `${Math.round(Number(ms ?? 0) / 1000)} s`;

// The player's rating in the title as every page shows it ("new" before a rated match): the
// queue's own number (Waiting.rating) is the skill it orders tickets by, another scale.
async function myRating(titleId) {
  const player = currentPlayer();
  const ratings = player ? await ratingsOf(player.playerId) : null;
  const rating = ratings?.get(titleId);
  return rating ? `your rating ${ratingText(rating)}` : "you are new here";
}

function describe(waiting, mine) {
  const queued = Number(waiting.queued ?? 1);
  const parts = [
    `Waiting ${seconds(waiting.waitedMs)}`,
    `looking for players near your level (${mine}), wider as you wait`,
    queued > 1 ? `${queued} in this queue` : "nobody else in this queue yet",
  ];
  if (Number(waiting.botsInMs ?? 0) > 0) parts.push(`bots join in ${seconds(waiting.botsInMs)}`);
  return parts.join(" · ");
}

// The "Play now" block of one title's card.
export function playNow(game, onError) {
  const players = h("select", { name: "queue-players", "aria-label": "Players to play with" });
  for (let n = game.minPlayers; n <= game.maxPlayers; n++) players.append(h("option", { value: n }, `${n} players`));
  players.hidden = game.minPlayers === game.maxPlayers;
  const pace = h("select", { name: "queue-pace", "aria-label": "Pace" },
    h("option", { value: 0 }, "live"),
    ...TURN_BASED_DAYS.map((d) => h("option", { value: d }, `turn-based, ${d === 1 ? "1 day" : `${d} days`} a move`)));
  const start = h("button", { type: "button", class: "play-now-start" }, "Play now");
  const leave = h("button", { type: "button", class: "play-now-leave secondary", hidden: "" }, "Leave the queue");
  const status = h("p", { class: "play-now-status muted", "aria-live": "polite" }, "");
  let queue = null; // {abort} while in the queue

  const reset = (text) => {
    queue = null;
    start.hidden = false;
    players.disabled = pace.disabled = false;
    leave.hidden = true;
    status.textContent = text;
  };

  async function follow(token, count, days, controller) {
    const request = { titleId: game.titleId, players: count };
    if (days) Object.assign(request, { pace: "PACE_TURN_BASED", daysPerTurn: days });
    const waits = days ? " · your ticket waits if you leave this page: the match will be under “Your turn”" : "";
    const mine = await myRating(game.titleId);
    for (;;) {
      try {
        await stream("EnterQueue", request, (update) => {
          if (update.waiting) status.textContent = describe(update.waiting, mine) + waits;
          if (update.matched) {
            const { match, token: seat } = update.matched;
            status.textContent = "Matched: taking your seat…";
            queue = null;
            location.href = matchLink(match.matchId, seat.token, seat.seat ?? 0);
          }
        }, { token, signal: controller.signal, service: QUEUE });
        return;
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error.code !== "unavailable") throw error;
        status.textContent = "The connection dropped; your ticket waits, reconnecting…";
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  start.addEventListener("click", async () => {
    onError("");
    try {
      const token = await signedIn();
      const controller = new AbortController();
      const days = Number(pace.value);
      queue = { controller, token, days };
      start.hidden = true;
      players.disabled = pace.disabled = true;
      leave.hidden = false;
      status.textContent = "Entering the queue…";
      await follow(token, Number(players.value), days, controller);
    } catch (error) {
      reset("");
      if (error.code !== "canceled") onError(error.message);
    }
  });

  leave.addEventListener("click", async () => {
    const left = queue;
    if (!left) return;
    left.controller.abort();
    reset("You left the queue");
    try {
      await call("LeaveQueue", { titleId: game.titleId }, { token: left.token, service: QUEUE });
    } catch (error) {
      onError(error.message);
    }
  });

  // Closing the page leaves too (the ticket would otherwise wait out the server's grace); a
  // turn-based ticket waits on.
  addEventListener("pagehide", () => {
    if (!queue || queue.days) return;
    const body = JSON.stringify({ titleId: game.titleId });
    fetch(QUEUE + "LeaveQueue", {
      method: "POST",
      keepalive: true,
      headers: { "content-type": "application/json", "connect-protocol-version": "1", authorization: `Bearer ${queue.token}` },
      body,
    }).catch(() => {});
  });

  const heading = `play-now-${game.titleId}`;
  return h("section", { class: "play-now", "data-title": game.titleId, "aria-labelledby": heading },
    h("h4", { id: heading }, "Play now"),
    h("p", { class: "way-note muted" }, "Matched at once with players at your level; bots step in if nobody comes."),
    h("div", { class: "play-now-row" }, players, pace, start, leave),
    status);
}
