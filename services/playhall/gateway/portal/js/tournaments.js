// Tournaments: without `?id=` the list, the latest to start first, and the form that creates
// one the player enters with bots; with it one tournament, its standings and rounds (each game
// linked to its match), kept current by WatchStandings, and until it starts a button that
// enters the signed-in player. Reads answer anyone.
// Games are named by their titles' names, entrants by their own (a bot's says "bot" once).
import { call, stream } from "./connect.js";
import { LEVELS, h } from "./common.js";
import { CHANGED, asPlayer, botName, currentPlayer } from "./players.js";
import { tournamentForm } from "./tournamentform.js";

const SERVICE = "/playhall.tournament.v1.TournamentService/";
const $ = (id) => document.getElementById(id);
const FORMATS = { TOURNAMENT_FORMAT_SWISS: "Swiss", TOURNAMENT_FORMAT_ROUND_ROBIN: "Round robin" };
const PHASES = {
  TOURNAMENT_PHASE_SCHEDULED: "scheduled",
  TOURNAMENT_PHASE_RUNNING: "running",
  TOURNAMENT_PHASE_FINISHED: "finished",
};
const RETRY_MS = 2000;
let games = [];
let shown = null; // the tournament on the page

const titleName = (id) => games.find((g) => g.titleId === id)?.displayName ?? id;

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

const points = (value) => {
  const whole = Math.floor(value ?? 0);
  const half = (value ?? 0) - whole >= 0.5 ? "½" : "";
  return whole || !half ? `${whole}${half}` : half;
};
const when = (ms) => new Date(Number(ms)).toLocaleString();

// An entrant by its index (proto JSON leaves an index of 0 out: it is the first entrant).
function entrantName(tournament, index = 0) {
  const entrant = tournament.entrants?.[index] ?? {};
  if (entrant.playerId) {
    return h("a", { href: `/profile.html?player=${encodeURIComponent(entrant.playerId)}` },
      entrant.displayName || `Entrant ${index + 1}`);
  }
  return botName(entrant.displayName || `${LEVELS[entrant.botLevel] ?? ""} bot ${index + 1}`);
}

async function showList() {
  $("list-section").hidden = false;
  const listed = (await call("ListTournaments", {}, { service: SERVICE })).tournaments ?? [];
  $("list").replaceChildren(...(listed.length ? listed.map((t) => h("tr", { "data-tournament": t.tournamentId },
    h("td", {}, h("a", { href: `/tournaments.html?id=${encodeURIComponent(t.tournamentId)}` }, t.name)),
    h("td", {}, titleName(t.titleId)),
    h("td", {}, FORMATS[t.format] ?? ""),
    h("td", { class: "phase" }, PHASES[t.phase] ?? ""),
    h("td", { class: "num" }, String(t.entrants?.length ?? 0)),
    h("td", {}, when(t.startUnixMs)))) : [h("tr", {}, h("td", { colspan: 6, class: "muted" }, "No tournament yet."))]));
  document.body.dataset.loaded = "true";
}

function renderRound(tournament, round) {
  const rows = (round.pairings ?? []).map((p, board) => {
    if (p.second === undefined) {
      return h("tr", {}, h("td", {}, entrantName(tournament, p.first)),
        h("td", { class: "result" }, "1"), h("td", { class: "muted" }, "bye"), h("td", {}));
    }
    const over = p.firstPoints !== undefined;
    const result = over ? `${points(p.firstPoints)}–${points(1 - p.firstPoints)}` : "playing";
    return h("tr", { "data-board": String(board) },
      h("td", {}, entrantName(tournament, p.first)),
      h("td", { class: over ? "result" : "result pending" }, result),
      h("td", {}, entrantName(tournament, p.second)),
      h("td", {}, h("a", { href: `/match.html?id=${encodeURIComponent(p.matchId)}` }, over ? "Replay" : "Watch")));
  });
  return h("section", { class: "round", "data-round": String(round.number) },
    h("h4", {}, `Round ${round.number}`),
    h("table", { class: "pairings" }, h("tbody", {}, rows)));
}

// Until the first round: a button that enters the signed-in player (once), or a line saying
// how to; nothing once it has started.
function renderJoin(t) {
  const me = currentPlayer();
  const open = t.phase === "TOURNAMENT_PHASE_SCHEDULED";
  const entered = (t.entrants ?? []).some((e) => me && e.playerId === me.playerId);
  $("join").hidden = !open;
  $("join-button").hidden = !me || entered;
  $("join-note").textContent = !me ? "Sign in (at the top of the page) to join before it starts."
    : entered ? "You are in this tournament." : "Entries are open until it starts.";
}

async function join(id) {
  showError("");
  try {
    const { tournament } = await asPlayer(SERVICE, "JoinTournament", { tournamentId: id });
    renderTournament(tournament);
  } catch (error) {
    showError(error.message);
  }
}

function renderTournament(t) {
  shown = t;
  renderJoin(t);
  document.title = `${t.name} · Playhall`;
  $("tournament-heading").textContent = t.name;
  const phase = PHASES[t.phase] ?? "";
  $("tournament-facts").textContent = `${FORMATS[t.format] ?? ""} of ${titleName(t.titleId)}, ` +
    `${t.rounds?.length ?? 0} of ${t.roundsPlanned} rounds, ${phase}; starts ${when(t.startUnixMs)}.`;
  document.body.dataset.phase = phase;
  $("standings").replaceChildren(...(t.standings ?? []).map((s) => h("tr", { "data-entrant": String(s.entrant ?? 0) },
    h("td", { class: "num" }, String(s.rank)),
    h("td", {}, entrantName(t, s.entrant ?? 0)),
    h("td", { class: "num score" }, points(s.score)),
    h("td", { class: "num" }, points(s.buchholz)),
    h("td", { class: "num" }, String(s.sonnebornBerger ?? 0)),
    h("td", { class: "num" }, String(s.games ?? 0)))));
  $("rounds").replaceChildren(...[...(t.rounds ?? [])].reverse().map((round) => renderRound(t, round)));
}

async function showTournament(id) {
  $("tournament-section").hidden = false;
  $("join-button").addEventListener("click", () => join(id));
  addEventListener(CHANGED, () => shown && renderJoin(shown));
  const got = await call("GetTournament", { tournamentId: id }, { service: SERVICE });
  renderTournament(got.tournament);
  document.body.dataset.loaded = "true";
  // Kept current until the end; a stream cut early (a restart) is opened again.
  while (got.tournament.phase !== "TOURNAMENT_PHASE_FINISHED") {
    let finished = false;
    try {
      await stream("WatchStandings", { tournamentId: id }, (message) => {
        renderTournament(message.tournament);
        finished = message.tournament.phase === "TOURNAMENT_PHASE_FINISHED";
      }, { service: SERVICE });
    } catch (error) {
      if (error.code === "not_found") throw error;
    }
    if (finished) break;
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

async function main(id) {
  games = (await call("ListGames", {})).games ?? [];
  if (id) return showTournament(id);
  $("create-section").replaceChildren(...tournamentForm(games, showError));
  $("create-section").hidden = false;
  return showList();
}

main(new URLSearchParams(location.search).get("id")).catch((error) => showError(error.message));
