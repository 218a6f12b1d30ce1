// The form that creates a tournament from the portal: a name, a two-player game, Swiss (with
// its rounds) or round robin, the bots the signed-in player meets (how many, which level),
// when it starts (later leaves time for others to join) and the time a move. The creator enters first; the server checks everything (a refusal shows its
// reason) and the page then opens the tournament.
import { LEVELS, gameName, h, levelName } from "./common.js";
import { formatNumber, t } from "./i18n.js";
import { asPlayer } from "./players.js";

const SERVICE = "/playhall.tournament.v1.TournamentService/";
const MOST_BOTS = 7;
// Live games need a time a move so that every round ends; when it runs out a bot moves.
const SECONDS_A_MOVE = [30, 60, 120, 300];
// When it starts, in minutes from now: later gives other players time to join.
const STARTS_IN = [0, 5, 15, 60];
const MINUTE_MS = 60_000;

const option = (value, text, chosen) =>
  h("option", { value, ...(String(value) === String(chosen) ? { selected: "" } : {}) }, text);

function select(name, label, options, chosen) {
  return h("label", {}, label, " ", h("select", { name }, ...options.map(([value, text]) => option(value, text, chosen))));
}

// A time a move in words ("30 seconds", "2 minutes").
const moveTime = (seconds) => (seconds < 60 ? t("tournamentform-seconds", { seconds }) : t("common-clock-minutes", { minutes: seconds / 60 }));

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
  const rounds = select("rounds", t("tournamentform-rounds"), [1, 2, 3].map((n) => [n, formatNumber(n)]), 2);
  const formats = [["TOURNAMENT_FORMAT_SWISS", "tournaments-format-swiss"], ["TOURNAMENT_FORMAT_ROUND_ROBIN", "tournaments-format-round-robin"]];
  const form = h("form", { class: "tournament-form", id: "tournament-form" },
    h("label", {}, t("tournamentform-name"), " ",
      h("input", { name: "name", maxlength: 64, required: "", placeholder: t("tournamentform-name-example"), dir: "auto" })),
    select("title", t("challengeform-game"), twoSeats.map((g) => [g.titleId, gameName(g)]), twoSeats[0]?.titleId),
    select("format", t("tournamentform-format"), formats.map(([value, key]) => [value, t(key)]), "TOURNAMENT_FORMAT_SWISS"),
    rounds,
    select("bots", t("tournamentform-against"), Array.from({ length: MOST_BOTS }, (_, n) => [n + 1, t("tournamentform-bots", { count: n + 1 })]), 3),
    select("bot-level", t("tournamentform-bot-level"), Object.keys(LEVELS).map((level) => [level, levelName(level)]), "BOT_LEVEL_NORMAL"),
    select("starts", t("tournamentform-starts"), STARTS_IN.map((minutes) => [minutes, t("tournamentform-starts-in", { minutes })]), 0),
    select("seconds", t("tournamentform-move-time"), SECONDS_A_MOVE.map((s) => [s, moveTime(s)]), 60),
    h("button", { type: "submit" }, t("tournamentform-create")));
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
    h("h2", { id: "create-heading" }, t("tournamentform-heading")),
    h("p", { class: "muted" }, t("tournamentform-note")),
    form,
  ];
}
