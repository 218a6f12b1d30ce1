// Tournaments: without `?id=` the list, the latest to start first, and the form that creates
// one the player enters with bots; with it one tournament, its standings and rounds (each game
// linked to its match), kept current by WatchStandings, and until it starts a button that
// enters the signed-in player. Reads answer anyone.
// Games are named by their titles' names, entrants by their own (a bot's says "bot" once).
import { call, stream } from "./connect.js";
import { gameName, h, levelName, loadTitles } from "./common.js";
import { formatDate, formatNumber, ready, t } from "./i18n.js";
import { CHANGED, asPlayer, botName, currentPlayer } from "./players.js";
import { tournamentForm } from "./tournamentform.js";

const SERVICE = "/playhall.tournament.v1.TournamentService/";
const $ = (id) => document.getElementById(id);
// Catalogue keys by the TournamentFormat and TournamentPhase enums' names.
const FORMATS = { TOURNAMENT_FORMAT_SWISS: "tournaments-format-swiss", TOURNAMENT_FORMAT_ROUND_ROBIN: "tournaments-format-round-robin" };
const PHASES = {
  TOURNAMENT_PHASE_SCHEDULED: "tournaments-phase-scheduled",
  TOURNAMENT_PHASE_RUNNING: "tournaments-phase-running",
  TOURNAMENT_PHASE_FINISHED: "tournaments-phase-finished",
};
// The words of an enum value by its key in `table` ("" for a value this page does not know).
const words = (table, value) => (table[value] ? t(table[value]) : "");
// A phase as the page's data attribute names it, for styles and tests ("running").
const phaseName = (phase) => String(phase ?? "").replace(/^TOURNAMENT_PHASE_/, "").toLowerCase();
const RETRY_MS = 2000;
let games = [];
let shown = null; // the tournament on the page

const titleName = (id) => gameName(games.find((g) => g.titleId === id) ?? { titleId: id });

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

// Points as chess writes them: wholes and a half sign ("2½", "½"), in the reader's digits.
const points = (value) => {
  const whole = Math.floor(value ?? 0);
  const half = (value ?? 0) - whole >= 0.5 ? "½" : "";
  return whole || !half ? `${formatNumber(whole)}${half}` : half;
};
const when = (ms) => formatDate(new Date(Number(ms)), { dateStyle: "medium", timeStyle: "short" });

// An entrant by its index (proto JSON leaves an index of 0 out: it is the first entrant).
function entrantName(tournament, index = 0) {
  const entrant = tournament.entrants?.[index] ?? {};
  if (entrant.playerId) {
    return h("a", { href: `/profile.html?player=${encodeURIComponent(entrant.playerId)}`, dir: "auto" },
      entrant.displayName || t("tournaments-entrant", { number: index + 1 }));
  }
  return botName(entrant.displayName || t("tournaments-bot", { level: levelName(entrant.botLevel), number: index + 1 }));
}

async function showList() {
  $("list-section").hidden = false;
  const listed = (await call("ListTournaments", {}, { service: SERVICE })).tournaments ?? [];
  $("list").replaceChildren(...(listed.length ? listed.map((tour) => h("tr", { "data-tournament": tour.tournamentId },
    h("td", {}, h("a", { href: `/tournaments.html?id=${encodeURIComponent(tour.tournamentId)}`, dir: "auto" }, tour.name)),
    h("td", {}, titleName(tour.titleId)),
    h("td", {}, words(FORMATS, tour.format)),
    h("td", { class: "phase", "data-phase": phaseName(tour.phase) }, words(PHASES, tour.phase)),
    h("td", { class: "num" }, formatNumber(tour.entrants?.length ?? 0)),
    h("td", {}, when(tour.startUnixMs)))) : [h("tr", {}, h("td", { colspan: 6, class: "muted" }, t("tournaments-none")))]));
  document.body.dataset.loaded = "true";
}

function renderRound(tournament, round) {
  const rows = (round.pairings ?? []).map((p, board) => {
    if (p.second === undefined) {
      return h("tr", {}, h("td", {}, entrantName(tournament, p.first)),
        h("td", { class: "result" }, formatNumber(1)), h("td", { class: "muted" }, t("tournaments-bye")), h("td", {}));
    }
    const over = p.firstPoints !== undefined;
    const result = over ? `${points(p.firstPoints)}–${points(1 - p.firstPoints)}` : t("tournaments-playing");
    return h("tr", { "data-board": String(board) },
      h("td", {}, entrantName(tournament, p.first)),
      h("td", { class: over ? "result" : "result pending" }, result),
      h("td", {}, entrantName(tournament, p.second)),
      h("td", {}, h("a", { href: `/match.html?id=${encodeURIComponent(p.matchId)}` }, t(over ? "lobby-replay" : "lobby-watch"))));
  });
  return h("section", { class: "round", "data-round": String(round.number) },
    h("h4", {}, t("tournaments-round", { number: round.number })),
    h("table", { class: "pairings" }, h("tbody", {}, rows)));
}

// Until the first round: a button that enters the signed-in player (once), or a line saying
// how to; nothing once it has started.
function renderJoin(tour) {
  const me = currentPlayer();
  const open = tour.phase === "TOURNAMENT_PHASE_SCHEDULED";
  const entered = (tour.entrants ?? []).some((e) => me && e.playerId === me.playerId);
  $("join").hidden = !open;
  $("join-button").hidden = !me || entered;
  $("join-note").textContent = t(!me ? "tournaments-sign-in-to-join" : entered ? "tournaments-entered" : "tournaments-entries-open");
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

function renderTournament(tour) {
  shown = tour;
  renderJoin(tour);
  document.title = t("profile-document-title", { name: tour.name });
  $("tournament-heading").textContent = tour.name;
  $("tournament-heading").dir = "auto";
  $("tournament-facts").textContent = t("tournaments-facts", {
    format: words(FORMATS, tour.format), title: titleName(tour.titleId), played: tour.rounds?.length ?? 0,
    planned: Number(tour.roundsPlanned ?? 0), phase: words(PHASES, tour.phase), start: when(tour.startUnixMs),
  });
  document.body.dataset.phase = phaseName(tour.phase);
  $("standings").replaceChildren(...(tour.standings ?? []).map((s) => h("tr", { "data-entrant": String(s.entrant ?? 0) },
    h("td", { class: "num" }, formatNumber(Number(s.rank ?? 0))),
    h("td", {}, entrantName(tour, s.entrant ?? 0)),
    h("td", { class: "num score" }, points(s.score)),
    h("td", { class: "num" }, points(s.buchholz)),
    h("td", { class: "num" }, formatNumber(Number(s.sonnebornBerger ?? 0))),
    h("td", { class: "num" }, formatNumber(Number(s.games ?? 0))))));
  $("rounds").replaceChildren(...[...(tour.rounds ?? [])].reverse().map((round) => renderRound(tour, round)));
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
  await ready;
  games = (await call("ListGames", {})).games ?? [];
  await loadTitles(games);
  if (id) return showTournament(id);
  $("create-section").replaceChildren(...tournamentForm(games, showError));
  $("create-section").hidden = false;
  return showList();
}

main(new URLSearchParams(location.search).get("id")).catch((error) => showError(error.message));
