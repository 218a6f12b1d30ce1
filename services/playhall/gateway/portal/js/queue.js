// "Play now": a title's matchmaking queue from the lobby. The signed-in player enters the queue
// (MatchmakingService.EnterQueue, a stream), sees how long they have waited, the rating window
// opponents are looked for in and when bots would step in, and lands in the match once seated.
// A dropped stream (a restarted server, a lost connection) enters again: the ticket waits in
// the queue meanwhile. Leaving, or closing the page, takes the ticket out. A turn-based ticket
// (a pace of so many days a move) waits until matched or left, the page open or not: its match
// is then under "Your turn", and "Play now" with the same pace hands it over.
import { RpcError, call, stream } from "./connect.js";
import { clockTime, h, matchLink } from "./common.js";
import { t } from "./i18n.js";
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
    throw new RpcError("unauthenticated", t("queue-sign-in-first"));
  }
  const name = prompt(t("queue-guest-name"), "");
  if (!name) throw new RpcError("canceled", t("queue-sign-in"));
  return (await signInGuest(name)).token;
}

const seconds = (ms) => clockTime(Number(ms ?? 0), false);

// The player's rating in the title as every page shows it ("new" before a rated match): the
// queue's own number (Waiting.rating) is the skill it orders tickets by, another scale.
async function myRating(titleId) {
  const player = currentPlayer();
  const ratings = player ? await ratingsOf(player.playerId) : null;
  const rating = ratings?.get(titleId);
  return rating ? t("queue-your-rating", { rating: ratingText(rating) }) : t("queue-you-are-new");
}

function describe(waiting, mine) {
  const queued = Number(waiting.queued ?? 1);
  const parts = [
    t("queue-waiting", { time: seconds(waiting.waitedMs) }),
    t("queue-looking", { rating: mine }),
    queued > 1 ? t("queue-queued", { count: queued }) : t("queue-nobody-else"),
  ];
  if (Number(waiting.botsInMs ?? 0) > 0) parts.push(t("queue-bots-join", { time: seconds(waiting.botsInMs) }));
  return parts.join(" · ");
}

// The "Play now" block of one title's card.
export function playNow(game, onError) {
  const players = h("select", { name: "queue-players", "aria-label": t("queue-players") });
  for (let n = game.minPlayers; n <= game.maxPlayers; n++) players.append(h("option", { value: n }, t("gamecard-players", { count: n })));
  players.hidden = game.minPlayers === game.maxPlayers;
  const pace = h("select", { name: "queue-pace", "aria-label": t("lobby-pace") },
    h("option", { value: 0 }, t("queue-live")),
    ...TURN_BASED_DAYS.map((d) => h("option", { value: d }, t("common-pace-per-move", { time: t("common-clock-days", { days: d }) }))));
  const start = h("button", { type: "button", class: "play-now-start" }, t("queue-play-now"));
  const leave = h("button", { type: "button", class: "play-now-leave secondary", hidden: "" }, t("queue-leave"));
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
    const waits = days ? ` · ${t("queue-ticket-waits")}` : "";
    const mine = await myRating(game.titleId);
    for (;;) {
      try {
        await stream("EnterQueue", request, (update) => {
          if (update.waiting) status.textContent = describe(update.waiting, mine) + waits;
          if (update.matched) {
            const { match, token: seat } = update.matched;
            status.textContent = t("queue-matched");
            queue = null;
            location.href = matchLink(match.matchId, seat.token, seat.seat ?? 0);
          }
        }, { token, signal: controller.signal, service: QUEUE });
        return;
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error.code !== "unavailable") throw error;
        status.textContent = t("queue-reconnecting");
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
      status.textContent = t("queue-entering");
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
    reset(t("queue-left"));
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
    h("h4", { id: heading }, t("queue-play-now")),
    h("p", { class: "way-note muted" }, t("queue-note")),
    h("div", { class: "play-now-row" }, players, pace, start, leave),
    status);
}
