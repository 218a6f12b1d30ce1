// The match page: the board from this seat's view, moves by clicking it, scores, the event log,
// who is to move, the turn clock and resign; on a turn-based match, time given to another
// player's seat (GiveTime, once a turn), and a seat whose player is away shown with its clock
// stopped. It follows WatchMatch and, when the stream drops, reconnects from the last version
// it saw, without a reload; a server out of reach as the page opens is tried again the same way.
import { call, newRequestId, stream } from "./connect.js";
import { formatList, formatNumber, loadTitle, ready, t } from "./i18n.js";
import {
  awayTag, awayUntil, botAccountTag, clockTime, deadlineDate, fragment, h, isTurnBased, paceLabel, seatName, titleModule, unpackEvent,
} from "./common.js";
import { TURN_CHANGED } from "./myturn.js";
import { legalMoves, moveKey } from "./proto.js";
import { capitalized, plainList, titleName } from "./svg.js";
import { renderBreakdown } from "./breakdown.js";
import { ratingTag } from "./players.js";
import { confirmFinal, undoLine } from "./undo.js";

const params = new URLSearchParams(location.search);
const matchId = params.get("id");
const { seat: fragmentSeat } = fragment();
// Dropped once its seat resigns: a resigned seat's token reads no more, the page watches on.
let { token } = fragment();
const $ = (id) => document.getElementById(id);

const state = {
  summary: null,
  seat: null,
  view: null,
  legal: [],
  lastVersion: null,
  log: [],
  // The events of the latest change a seat made: the board marks that move.
  last: null,
  // Every event seen, in order: a board marks what earlier moves made (Einstein: the tiles of
  // each completed Inspiration).
  events: [],
  // The events of each change by its version, so that an undo takes its move's back off.
  eventsOf: new Map(),
  title: null,
  busy: false,
};

const names = (n) => seatName(state.summary, n, state.seat);
const PERMANENT = new Set(["not_found", "permission_denied", "unauthenticated", "invalid_argument"]);
// The words of the stream's state, one key per state.
const CONNECTION = {
  live: "table-connection-live",
  reconnecting: "table-connection-reconnecting",
  finished: "table-connection-finished",
  closed: "table-connection-closed",
};
// How a match ended, as the finished line's selector (the words are the catalogue's).
const END_REASONS = { END_REASON_RESIGNATION: "resignation", END_REASON_TIMEOUT: "timeout", END_REASON_ABANDONED: "abandoned" };

function setConnection(status) {
  document.body.dataset.connection = status;
  $("connection").textContent = t(CONNECTION[status]);
  // What the outage caused ("the server cannot be reached") is over once the stream is back.
  if (status === "live" && $("error").dataset.kind === "connection") showError("");
}

// `error` is a message or an RpcError; one of a lost connection is cleared when it is back.
function showError(error) {
  const box = $("error");
  box.textContent = typeof error === "string" ? error : error.message;
  box.dataset.kind = error?.code === "unavailable" ? "connection" : "";
  box.hidden = !box.textContent;
}

async function refresh() {
  const got = await call("GetMatch", { matchId }, { token });
  apply(got);
}

async function apply(response) {
  // Answers can arrive out of order (a GetMatch sent before a move, answered after it): never
  // go back to an older version.
  const version = Number(response.match?.version ?? 0);
  if (state.summary && version < Number(state.summary.version ?? 0)) return;
  state.summary = response.match;
  if (response.seat !== undefined) state.seat = response.seat;
  state.view = unpackEvent(response.view);
  state.legal = await legalMoves(response.legalMoves);
  document.body.dataset.version = state.summary.version ?? "0";
  render();
}

// An answer that carries the match only (GiveTime's): the view and the legal moves stay.
function applySummary(match) {
  if (!match || (state.summary && Number(match.version ?? 0) < Number(state.summary.version ?? 0))) return;
  state.summary = match;
  document.body.dataset.version = match.version ?? "0";
  render();
}

async function play(move) {
  if (state.busy) return;
  if (state.seat === null) {
    showError(t("table-watching-cannot-move"));
    return;
  }
  if (!(await confirmFinal(state.summary.titleId, move, state.view))) return;
  const typeUrl = `type.googleapis.com/${state.info?.messages?.move ?? ""}`;
  await send("SubmitMove", { move: { "@type": typeUrl, ...move } });
}

// Takes back this seat's last move of the turn (the button is enabled only while the server
// says it may be).
const undo = () => state.busy || send("UndoMove", {});

// One change of this seat's (a move, an undo) at the version the page shows; the match after it.
async function send(method, request) {
  state.busy = true;
  document.body.dataset.busy = "true";
  showError("");
  try {
    const response = await call(
      method,
      { matchId, expectedVersion: state.summary.version ?? "0", requestId: newRequestId(), ...request },
      { token },
    );
    await apply(response);
  } catch (error) {
    // The engine's reason (or the orchestrator's), as it sent it.
    showError(error);
  } finally {
    state.busy = false;
    document.body.dataset.busy = "false";
    render();
  }
}

// An undo: the move it took back leaves the board's marks and the last move; the log says so.
function takeBack(undone, seat, version) {
  const gone = new Set(state.eventsOf.get(undone) ?? []);
  state.events = state.events.filter((e) => !gone.has(e));
  const left = (state.last?.events ?? []).filter((e) => !gone.has(e));
  state.last = left.length ? { ...state.last, events: left } : null;
  state.log.push({ version, text: undoLine(names(seat)) });
}

function onChange(change) {
  const version = Number(change.version ?? 0);
  if (state.lastVersion !== null && version <= state.lastVersion) return;
  state.lastVersion = version;
  const events = (change.events ?? []).map(unpackEvent);
  for (const event of events) state.log.push({ version, text: state.title.describe(event, names) });
  state.events.push(...events);
  state.eventsOf.set(version, events);
  if (change.undidVersion) takeBack(Number(change.undidVersion), change.seat, version);
  // A turn may take several changes (Einstein: two placements, then the end of the turn): the
  // last move is everything the same seat did since another seat acted.
  if (change.seat !== undefined && events.length) {
    const same = state.last?.seat === change.seat;
    state.last = { version, seat: change.seat, events: [...(same ? state.last.events : []), ...events].slice(-8) };
  }
  if (state.summary) {
    state.summary.status = change.status;
    state.summary.phase = change.phase;
  }
  scheduleRefresh();
}

// A board's own selection (a piece chosen, then where) changed: draw it again.
function redraw() {
  $("board").dataset.drawn = "";
  render();
}

let refreshTimer = null;
function scheduleRefresh() {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => refresh().catch(showError), 30);
}

// Pauses between attempts to reach a server that could not be reached: doubling, at most 3 s.
const FIRST_PAUSE_MS = 300;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const longer = (ms) => Math.min(ms * 2, 3000);

async function follow() {
  let delay = FIRST_PAUSE_MS;
  for (;;) {
    // Resumed from the change before the last one seen: the server sends that one again at
    // once (onChange skips it), so the stream's first message proves it live without waiting
    // for the next move. The server only answers its headers with a first message.
    const since = state.lastVersion === null ? -1 : state.lastVersion - 1;
    const request = since < 0 ? { matchId } : { matchId, afterVersion: String(since) };
    try {
      await stream("WatchMatch", request, (message) => onChange(message.change ?? {}), {
        token,
        onOpen: () => setConnection("live"),
      });
      if (state.summary?.phase === "MATCH_PHASE_FINISHED") {
        setConnection("finished");
        return;
      }
      delay = FIRST_PAUSE_MS;
    } catch (error) {
      if (PERMANENT.has(error.code)) {
        setConnection("closed");
        showError(error);
        return;
      }
      setConnection("reconnecting");
      await pause(delay);
      delay = longer(delay);
    }
    try {
      await refresh();
    } catch {
      // The next attempt reports it.
    }
  }
}

function statusLine() {
  const s = state.summary;
  const status = s.status ?? {};
  if (s.phase === "MATCH_PHASE_FINISHED") {
    const winners = s.winners ?? [];
    const reason = END_REASONS[s.endReason] ?? "none";
    return [winners.length
      ? t("table-finished-won", { reason, winners: formatList(winners.map(names)), count: winners.length })
      : t("table-finished-no-winner", { reason }), false];
  }
  if (s.phase === "MATCH_PHASE_OPEN") return [t("table-waiting-to-join"), true];
  const toMove = status.toMove ?? [];
  if (state.seat !== null && toMove.includes(state.seat)) return [t("table-your-move"), false];
  return [t("table-waiting-for", { players: formatList(toMove.map(names)), count: toMove.length }), true];
}

// The turn clock: seconds on a live match, days and hours on a turn-based one (`clockTime`).
// A seat whose player is away has its clock stopped: with a time per turn the turn's clock
// while that seat is to move (the server's deadline is 0 then), with a bank that seat's bank.
function renderClock() {
  const s = state.summary;
  const clock = $("clock");
  const deadline = Number(s?.deadlineUnixMs ?? 0);
  const banks = s?.bankMs ?? [];
  const turnBased = isTurnBased(s?.clock);
  const running = s?.phase === "MATCH_PHASE_RUNNING";
  const away = (n) => (running ? awayUntil(s.seats?.[n]) : 0);
  const stopped = banks.length ? [] : (s?.status?.toMove ?? []).filter(away);
  if (!deadline && !banks.length && !stopped.length) {
    clock.textContent = turnBased ? capitalized(paceLabel(s.clock)) : t("table-clock-none");
    return;
  }
  const left = Math.max(0, deadline - Date.now());
  const parts = [];
  if (turnBased) parts.push(capitalized(paceLabel(s.clock)));
  if (deadline && running) {
    const time = clockTime(left, turnBased);
    parts.push(turnBased ? t("table-clock-left-until", { time, until: deadlineDate(deadline) }) : t("table-clock-left", { time }));
  } else if (stopped.length) {
    const awaySeats = stopped.map((n) => t("table-clock-away-seat", { player: names(n), until: deadlineDate(away(n)) }));
    parts.push(t("table-clock-stopped", { away: formatList(awaySeats) }));
  }
  if (banks.length) {
    const each = banks.map((ms, n) => (away(n)
      ? t("table-clock-bank-away", { player: names(n) })
      : t("table-clock-bank", { player: names(n), time: clockTime(ms, turnBased) })));
    parts.push(t("table-clock-banks", { banks: plainList(each) }));
  }
  clock.textContent = parts.join(" · ");
}

// Giving time: on a turn-based match a seat's player may give another person's seat up to a
// day (1 to 24 hours here), once a turn, with the page's seat token. One small form per other
// person's seat, drawn again only when those seats change (so a typed number and the keyboard
// focus stay); whether the server takes it (whose turn it is, once a turn) it says itself.
const HOUR_S = 3600;
let giveKey = "";
let giving = false;

function renderGiveTime() {
  const s = state.summary;
  const mine = state.seat;
  const can = Boolean(token) && mine !== null && isTurnBased(s.clock) && s.phase === "MATCH_PHASE_RUNNING";
  const others = can
    ? (s.seats ?? []).flatMap((seat, n) => (n !== mine && seat.kind === "SEAT_KIND_HUMAN" && !seat.resigned ? [n] : []))
    : [];
  $("give-time-section").hidden = !others.length;
  const key = JSON.stringify(others.map((n) => [n, names(n), awayUntil(s.seats[n])]));
  if (key === giveKey) return;
  giveKey = key;
  $("give-time").replaceChildren(...others.map(giveForm));
}

function giveForm(n) {
  const name = names(n);
  const until = awayUntil(state.summary.seats[n]);
  if (until) {
    return h("p", { class: "give-time muted", "data-seat": n }, t("table-give-away", { player: name, until: deadlineDate(until) }));
  }
  const id = `give-hours-${n}`;
  const hours = h("input", { type: "number", id, name: "hours", min: 1, max: 24, step: 1, value: 1, required: "", inputmode: "numeric" });
  const form = h("form", { class: "give-time", "data-seat": n },
    h("label", { for: id }, t("table-give-hours", { player: name })), hours,
    h("button", { type: "submit", "aria-label": t("table-give-to", { player: name }) }, t("table-give-button")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    give(n, Number(hours.value));
  });
  return form;
}

async function give(toSeat, hours) {
  if (giving) return;
  giving = true;
  showError("");
  $("give-note").textContent = "";
  try {
    const response = await call("GiveTime", { matchId, toSeat, seconds: hours * HOUR_S }, { token });
    $("give-note").textContent = t("table-give-done", { player: names(toSeat), time: clockTime(hours * HOUR_S * 1000, true) });
    applySummary(response.match);
  } catch (error) {
    // The server's reason (time given this turn already, not that seat's turn), as it sent it.
    showError(error);
  } finally {
    giving = false;
  }
}

// A board redrawn between a press and its release would swallow the click: the pressed
// element is gone, so the release lands on its replacement and no click follows (another
// seat's move arriving mid-click). The board waits for the release, then catches up.
let pressed = false;
function release() {
  if (!pressed) return;
  pressed = false;
  // After the click that this release makes has been dispatched.
  setTimeout(() => state.summary && render(), 0);
}

function render() {
  const s = state.summary;
  const status = s.status ?? {};
  const name = titleName(s.titleId, state.info?.displayName);
  document.title = t("table-page-title", { title: name });
  $("title").textContent = name;
  $("whoami").textContent = state.seat === null ? t("table-watching") : t("table-playing-as", { player: names(state.seat) });
  const [line, waiting] = statusLine();
  $("turn").textContent = line;
  $("turn").classList.toggle("waiting", waiting);
  document.body.dataset.phase = s.phase;
  // The table's help links the title's rules (js/table.js).
  document.body.dataset.title = s.titleId;
  document.body.dataset.myTurn = String(state.seat !== null && (status.toMove ?? []).includes(state.seat));
  // The match came to wait on this seat, or stopped: the bar's count of the matches waiting on
  // the player follows.
  const waitsOnMe = s.phase === "MATCH_PHASE_RUNNING" && document.body.dataset.myTurn === "true";
  if (state.waitsOnMe !== undefined && state.waitsOnMe !== waitsOnMe) dispatchEvent(new CustomEvent(TURN_CHANGED));
  state.waitsOnMe = waitsOnMe;
  $("headline").textContent = state.title.headline?.(state.view, names) ?? "";
  // Redrawn only when something on it changed, keeping the keyboard focus on the same element.
  const boardBox = $("board");
  const width = boardBox.clientWidth;
  const drawn = JSON.stringify([s.version, s.phase, state.seat, state.legal.length, width < 640, state.last?.version]);
  if (boardBox.dataset.drawn !== drawn && !pressed) {
    const focused = document.activeElement?.getAttribute?.("aria-label");
    boardBox.replaceChildren(
      state.title.board({ view: state.view, seat: state.seat, summary: s, names, legal: state.legal, play, key: moveKey, width, redraw, say: showError, last: state.last?.events ?? [], history: state.events }),
    );
    boardBox.dataset.drawn = drawn;
    if (focused) {
      [...boardBox.querySelectorAll(".control")].find((n) => n.getAttribute("aria-label") === focused)?.focus();
    }
  }
  $("last").textContent = state.last
    ? t("table-last-move", { events: state.last.events.map((e) => state.title.describe(e, names)).join(t("table-separator")) })
    : "";
  renderBreakdown($("breakdown"), s.phase === "MATCH_PHASE_FINISHED" && state.title.breakdown?.(state.view, names, s));
  const scores = status.scores ?? [];
  $("scores").replaceChildren(
    ...(s.seats ?? []).map((seat, n) =>
      h("tr", { class: (status.toMove ?? []).includes(n) ? "to-move" : "" },
        h("td", {}, names(n), botAccountTag(seat), ratingTag(seat, s.titleId), seat.resigned ? [" ", t("table-seat-left")] : "",
          s.phase === "MATCH_PHASE_RUNNING" && awayUntil(seat) ? [" ", awayTag(seat)] : ""),
        h("td", { class: "num" }, formatNumber(scores[n] ?? 0)),
        h("td", {}, (status.toMove ?? []).includes(n) ? t("table-seat-to-move") : (s.winners ?? []).includes(n) ? t("table-seat-winner") : "")),
    ),
  );
  const log = $("log");
  log.replaceChildren(...state.log.slice(-200).reverse().map((e) => h("li", {}, h("span", { class: "muted" }, `#${formatNumber(e.version, { useGrouping: false })} `), e.text)));
  $("resign").hidden = state.seat === null || s.phase === "MATCH_PHASE_FINISHED";
  // Shown to a seat while the match runs; enabled while its last move may be taken back.
  $("undo").hidden = state.seat === null || s.phase !== "MATCH_PHASE_RUNNING";
  $("undo").disabled = state.busy || !(s.undoAvailable && (status.toMove ?? [])[0] === state.seat);
  $("replay").hidden = s.phase !== "MATCH_PHASE_FINISHED";
  $("replay").href = `/replay.html?id=${encodeURIComponent(matchId)}`;
  renderClock();
  renderGiveTime();
}

// The match, its title's module and this seat's view, as the page opens.
async function load() {
  const first = await call("GetMatch", { matchId }, { token });
  const games = (await call("ListGames", {})).games ?? [];
  state.info = games.find((g) => g.titleId === first.match.titleId);
  state.title = await titleModule(first.match.titleId);
  // The title's texts of the rules version this match is played under.
  await Promise.all([state.title.setup?.(), loadTitle(first.match.titleId, first.match.rulesVersion)]);
  if (fragmentSeat !== null && first.seat === undefined) state.seat = fragmentSeat;
  await apply(first);
}

async function main() {
  await ready;
  if (!matchId) {
    showError(t("table-no-match-id"));
    return;
  }
  // A server out of reach as the page opens is tried again, as a dropped stream is: the
  // page comes up when it is back, without a reload.
  for (let delay = FIRST_PAUSE_MS; ; delay = longer(delay)) {
    try {
      await load();
      break;
    } catch (error) {
      showError(error);
      if (error?.code !== "unavailable") return;
      setConnection("reconnecting");
      await pause(delay);
    }
  }
  $("resign").addEventListener("click", async () => {
    if (!confirm(t("table-resign-confirm"))) return;
    // From now on the page reads as a spectator: the stream may bring the resignation (and a
    // refresh with it) before the answer, and the seat's token reads no more after it.
    const seatToken = token;
    token = null;
    try {
      apply({ ...(await call("Resign", { matchId }, { token: seatToken })), view: { "@type": "", ...state.view }, legalMoves: null });
      scheduleRefresh();
    } catch (error) {
      token = seatToken;
      showError(error);
    }
  });
  $("undo").addEventListener("click", undo);
  $("board").addEventListener("pointerdown", () => { pressed = true; }, true);
  addEventListener("pointerup", release, true);
  addEventListener("pointercancel", release, true);
  addEventListener("blur", release);
  setInterval(() => state.summary && renderClock(), 500);
  addEventListener("resize", () => state.summary && render());
  follow();
}

main();
