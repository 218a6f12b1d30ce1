// The challenge form, folded under a "Challenge" button (a <details>): a game, its seats (those
// past two are bots of the chosen level), the pace (live, or turn-based with the days a move
// the server offers) and, for a table open to anyone, the karma its taker needs. It sends
// CreateChallenge and says what came of it, or the server's reason for a refusal.
import { call, newRequestId } from "./connect.js";
import { LEVELS, gameName, h, levelName, loadTitles } from "./common.js";
import { t } from "./i18n.js";
import { challenges } from "./social.js";

let offer = null;
// The games and the turn-based clocks this server offers (ListGames), asked once per page.
export function gamesOffered() {
  // The titles' catalogues come with the list, so every form and list names the games.
  offer ??= call("ListGames", {}).then(async (got) => {
    await loadTitles(got.games ?? []);
    return got;
  });
  return offer;
}

function select(name, label, options, chosen) {
  return h("label", {}, label, " ", h("select", { name },
    ...options.map(([value, text]) => h("option", { value, ...(String(value) === String(chosen) ? { selected: "" } : {}) }, text))));
}

function seatChoice(game) {
  const counts = [];
  for (let n = Math.max(2, game.minPlayers); n <= game.maxPlayers; n++) counts.push([n, t("challenges-seats", { seats: n })]);
  return counts;
}

// The form's fields for `game`, drawn again when another game is chosen.
function fields(game, turnBased, anyone) {
  const days = (turnBased.daysPerTurn ?? []).map((d) => [d, t("common-pace-per-move", { time: t("common-clock-days", { days: d }) })]);
  return [
    select("seats", t("challengeform-seats"), seatChoice(game), 2),
    select("bot-level", t("challengeform-bot-level"), Object.keys(LEVELS).map((level) => [level, levelName(level)]), "BOT_LEVEL_NORMAL"),
    select("pace", t("challengeform-pace"), [["live", t("queue-live")], ...days], "live"),
    anyone ? h("label", {}, t("challengeform-least-karma"), " ",
      h("input", { name: "min-karma", type: "number", min: 0, max: 100, step: 1, value: 0, inputmode: "numeric" })) : null,
  ];
}

function terms(data, game, turnBased) {
  const seats = Number(data.get("seats"));
  const out = { titleId: game.titleId, seats, botLevel: data.get("bot-level") };
  if (data.get("pace") !== "live") {
    const daySeconds = Number(turnBased.daySeconds ?? 86_400);
    out.clock = { pace: "PACE_TURN_BASED", secondsPerTurn: Number(data.get("pace")) * daySeconds, onTimeout: "TIMEOUT_ACTION_FORFEIT" };
  }
  const minKarma = Number(data.get("min-karma") ?? 0);
  if (minKarma) out.minKarma = minKarma;
  return out;
}

// `to`: {playerId, name} of the player challenged, or {anyone: true} for an open table.
// `onMade(challenge)` runs once a challenge is made (the lobby lists it again).
export function challengeForm(to, onMade = () => {}) {
  const anyone = Boolean(to.anyone);
  const games = h("select", { name: "title" });
  const more = h("div", { class: "challenge-fields" });
  const note = h("p", { class: "challenge-note", role: "status" });
  const form = h("form", { class: "challenge-form" },
    h("label", {}, t("challengeform-game"), " ", games), more,
    h("button", { type: "submit" }, anyone ? t("challengeform-open-table") : t("challengeform-challenge-player", { name: to.name })), note);
  const folded = h("details", { class: "challenge", "data-to": anyone ? "anyone" : to.playerId },
    h("summary", { class: "button" }, anyone ? t("challengeform-open-to-anyone") : t("challengeform-challenge")), form);
  let offered = { games: [], turnBased: {} };
  const chosen = () => offered.games.find((g) => g.titleId === games.value);
  folded.addEventListener("toggle", async () => {
    if (!folded.open || offered.games.length) return;
    const got = await gamesOffered().catch((error) => ({ error }));
    if (got.error) {
      note.textContent = got.error.message;
      return;
    }
    offered = { games: got.games ?? [], turnBased: got.turnBased ?? {} };
    games.replaceChildren(...offered.games.map((g) => h("option", { value: g.titleId }, gameName(g))));
    more.replaceChildren(...fields(chosen(), offered.turnBased, anyone));
  });
  games.addEventListener("change", () => more.replaceChildren(...fields(chosen(), offered.turnBased, anyone)));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    note.textContent = "";
    note.classList.remove("refused");
    const request = { terms: terms(new FormData(form), chosen(), offered.turnBased), requestId: newRequestId() };
    if (anyone) request.anyone = true;
    else request.playerId = to.playerId;
    try {
      const { challenge } = await challenges("CreateChallenge", request);
      note.textContent = anyone ? t("challengeform-table-open") : t("challengeform-sent", { name: to.name });
      onMade(challenge);
    } catch (error) {
      note.textContent = error.message;
      note.classList.add("refused");
    }
  });
  return folded;
}
