// The form that creates a tournament from the portal: a name, a two-player game, Swiss (with
// its rounds) or round robin, the bots the signed-in player meets (how many, which level),
// when it starts (later leaves time for others to join) and the time a move. The creator enters first; the server checks everything (a refusal shows its
// reason) and the page then opens the tournament.
import { LEVELS, h } from "./common.js";
import { asPlayer } from "./players.js";

const SERVICE = "/playhall.tournament.v1.TournamentService/";
const MOST_BOTS = 7;
// Live games need a time a move so that every round ends; when it runs out a bot moves.
const SECONDS_A_MOVE = [30, 60, 120, 300];
// When it starts, in minutes from now: later gives other players time to join.
const STARTS_IN = [[0, "at once"], [5, "in 5 minutes"], [15, "in 15 minutes"], [60, "in an hour"]];
const MINUTE_MS = 60_000;

const option = (value, text, chosen) =>
  h("option", { value, ...(String(value) === String(chosen) ? { selected: "" } : {}) }, text);

function select(name, label, options, chosen) {
  return h("label", {}, `${label} `, h("select", { name }, ...options.map(([v, t]) => option(v, t, chosen))));
}

function request(data) {
  const bots = Number(data.get("bots"));
  return {
    name: String(data.get("name") ?? "").trim(),
    titleId: data.get("title"),
    format: data.get("format"),
    rounds: data.get("format") === "TOURNAMENT_FORMAT_SWISS" ? Number(data.get("rounds")) : 0,
    enterCreator: true,
    entrants: Array.from({ length: bots }, () => ({ botLevel: data.get("bot-level") })),
    clock: { secondsPerTurn: Number(data.get("seconds")), onTimeout: "TIMEOUT_ACTION_BOT_MOVE" },
    startUnixMs: Number(data.get("starts")) ? Date.now() + Number(data.get("starts")) * MINUTE_MS : 0,
  };
}

// The section's contents: a heading and the form; `onError(message)` shows a refusal.
export function tournamentForm(games, onError) {
  const twoSeats = games.filter((g) => g.minPlayers <= 2 && g.maxPlayers >= 2);
  const rounds = select("rounds", "Swiss rounds:", [1, 2, 3].map((n) => [n, String(n)]), 2);
  const form = h("form", { class: "tournament-form", id: "tournament-form" },
    h("label", {}, "Name: ", h("input", { name: "name", maxlength: 64, required: "", placeholder: "Friday cup" })),
    select("title", "Game:", twoSeats.map((g) => [g.titleId, g.displayName]), twoSeats[0]?.titleId),
    select("format", "Format:", [["TOURNAMENT_FORMAT_SWISS", "Swiss"], ["TOURNAMENT_FORMAT_ROUND_ROBIN", "Round robin"]], "TOURNAMENT_FORMAT_SWISS"),
    rounds,
    select("bots", "You against:", Array.from({ length: MOST_BOTS }, (_, n) => [n + 1, n ? `${n + 1} bots` : "1 bot"]), 3),
    select("bot-level", "Bot level:", Object.entries(LEVELS), "BOT_LEVEL_NORMAL"),
    select("starts", "Starts:", STARTS_IN, 0),
    select("seconds", "Time a move:", SECONDS_A_MOVE.map((s) => [s, s < 60 ? `${s} seconds` : `${s / 60} minute${s === 60 ? "" : "s"}`]), 60),
    h("button", { type: "submit" }, "Create the tournament"));
  const format = form.elements.namedItem("format");
  format.addEventListener("change", () => {
    rounds.hidden = format.value !== "TOURNAMENT_FORMAT_SWISS";
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    onError("");
    try {
      const { tournament } = await asPlayer(SERVICE, "CreateTournament", request(new FormData(form)));
      location.href = `/tournaments.html?id=${encodeURIComponent(tournament.tournamentId)}`;
    } catch (error) {
      onError(error.message);
    }
  });
  return [
    h("h2", { id: "create-heading" }, "Create a tournament"),
    h("p", { class: "muted" }, "You enter it with the bots you choose; until it starts, other players can join it from its page."),
    form,
  ];
}
