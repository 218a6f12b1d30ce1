// The lobby: every title with its picture, a line about it and its how-to-play page, and the
// two ways in side by side, each saying what it does: play now (matched at your level) or set
// up a table (each seat a bot, a person with a link or anyone; live or turn-based, days a
// move); the open matches to join, the running ones to watch, the finished ones to replay.
import { aboutGame, gamePicture, playerCount } from "./gamecards.js";
import { playNow } from "./queue.js";
import { call } from "./connect.js";
import { LEVELS, botAccountTag, h, matchLink, paceLabel, seatName } from "./common.js";
import { playerToken, ratingTag } from "./players.js";

const $ = (id) => document.getElementById(id);
let games = [];
// The times a move a turn-based match offers, in days (the server's Clock: 1, 2, 3, 5, 7, 14).
const TURN_BASED_DAYS = [1, 2, 3, 5, 7, 14];
const DEFAULT_DAYS = 3;
const DAY_S = 86_400;

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

function seatRow(n) {
  if (n === 0) return h("li", {}, "Seat 1: you");
  const select = h("select", { name: `seat-${n}`, "aria-label": `Seat ${n + 1}` },
    ...Object.entries(LEVELS).map(([value, label]) =>
      h("option", { value, ...(value === "BOT_LEVEL_NORMAL" ? { selected: "" } : {}) }, `bot: ${label}`)),
    h("option", { value: "HUMAN" }, "a person with a link"),
    h("option", { value: "OPEN" }, "open: anyone in the lobby"));
  return h("li", {}, h("label", {}, `Seat ${n + 1}: `, select));
}

// Live (no clock, everyone at the table) or turn-based: a time per move in days, and what the
// clock does to a player who lets it run out.
function paceChoice() {
  const days = h("select", { name: "days" },
    ...TURN_BASED_DAYS.map((d) => h("option", { value: d, ...(d === DEFAULT_DAYS ? { selected: "" } : {}) }, d === 1 ? "1 day" : `${d} days`)));
  const onTimeout = h("select", { name: "on-timeout" },
    h("option", { value: "TIMEOUT_ACTION_FORFEIT" }, "they forfeit"),
    h("option", { value: "TIMEOUT_ACTION_BOT_MOVE" }, "a bot moves for them"));
  const options = h("div", { class: "turn-based-options", hidden: "" },
    h("label", {}, "Time per move: ", days),
    h("label", {}, "When a player's time runs out: ", onTimeout),
    h("p", { class: "muted" }, "Move whenever you like within the time: each signed-in player finds the match under “Your turn”. Invite people with an open seat, so the seat is theirs once they join signed in."));
  const radio = (value, label, checked) =>
    h("label", { class: "pace-option" }, h("input", { type: "radio", name: "pace", value, ...(checked ? { checked: "" } : {}) }), ` ${label}`);
  const fieldset = h("fieldset", { class: "pace" },
    h("legend", {}, "Pace"),
    radio("live", "Live", true), radio("turn-based", "Turn-based", false),
    options);
  const follow = () => {
    const turnBased = fieldset.querySelector("input[name=pace]:checked")?.value === "turn-based";
    options.hidden = !turnBased;
    days.disabled = onTimeout.disabled = !turnBased;
  };
  fieldset.addEventListener("change", follow);
  follow();
  return fieldset;
}

function titleCard(game) {
  const players = h("select", { name: "players", "aria-label": "Players" });
  for (let n = game.minPlayers; n <= game.maxPlayers; n++) players.append(h("option", { value: n }, `${n} players`));
  const seats = h("ol", { class: "seats" });
  const drawSeats = () => {
    seats.replaceChildren(...Array.from({ length: Number(players.value) }, (_, n) => seatRow(n)));
  };
  players.addEventListener("change", drawSeats);
  drawSeats();
  const form = h("form", { class: "new-match", "data-title": game.titleId },
    h("label", {}, "Players: ", players),
    seats,
    paceChoice(),
    h("label", {}, "Your name: ", h("input", { name: "name", maxlength: 40, placeholder: "optional" })),
    h("button", { type: "submit" }, "Set up the table"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    create(game, form).catch((error) => {
      showError(error.message);
      $("error").scrollIntoView({ block: "nearest" });
    });
  });
  const heading = `setup-${game.titleId}`;
  return h("article", { class: "title-card", id: `title-${game.titleId}` },
    h("div", { class: "game-head" }, gamePicture(game.titleId),
      h("div", {}, h("h3", {}, game.displayName),
        h("p", { class: "about" }, aboutGame(game.titleId)),
        h("p", { class: "muted" }, playerCount(game), " · ",
          h("a", { href: `/howto/${game.titleId}.html` }, "How to play")))),
    h("div", { class: "ways-in" },
      playNow(game, showError),
      h("p", { class: "or", "aria-hidden": "true" }, "or"),
      h("section", { class: "set-up", "aria-labelledby": heading },
        h("h4", { id: heading }, "Set up a table"),
        h("p", { class: "way-note muted" }, "Choose every seat: a bot, a person you send a link, or anyone in the lobby; live or turn-based."),
        form)));
}

async function create(game, form) {
  showError("");
  const data = new FormData(form);
  const count = Number(data.get("players"));
  const seats = [{ kind: "SEAT_KIND_HUMAN", displayName: data.get("name") || "" }];
  for (let n = 1; n < count; n++) {
    const choice = data.get(`seat-${n}`);
    if (choice === "HUMAN") seats.push({ kind: "SEAT_KIND_HUMAN" });
    else if (choice === "OPEN") seats.push({ kind: "SEAT_KIND_OPEN" });
    else seats.push({ kind: "SEAT_KIND_BOT", botLevel: choice });
  }
  const request = { titleId: game.titleId, seats };
  if (data.get("pace") === "turn-based") {
    request.clock = {
      pace: "PACE_TURN_BASED",
      secondsPerTurn: Number(data.get("days")) * DAY_S,
      onTimeout: data.get("on-timeout"),
    };
  }
  // Signed in, the first seat is the player's (the server names it after them). A refusal
  // (too many turn-based matches, say) says why, above the games.
  const created = await call("CreateMatch", request, { token: playerToken() });
  const tokens = created.tokens ?? [];
  const matchId = created.match.matchId;
  if (tokens.length === 1 && !seats.some((s) => s.kind === "SEAT_KIND_OPEN")) {
    location.href = matchLink(matchId, tokens[0].token, tokens[0].seat ?? 0);
    return;
  }
  $("links").hidden = false;
  $("link-list").replaceChildren(...tokens.map((t) => {
    const seat = t.seat ?? 0;
    const url = matchLink(matchId, t.token, seat);
    return h("li", {},
      h("strong", {}, seat === 0 ? "Your seat: " : `Seat ${seat + 1}: `),
      h("a", { href: url, class: "seat-link", "data-seat": seat }, url), " ",
      h("button", { type: "button", onclick: () => navigator.clipboard?.writeText(url) }, "Copy"));
  }));
  $("links").scrollIntoView();
  listMatches();
}

function matchItem(m, action) {
  const game = games.find((g) => g.titleId === m.titleId);
  const seats = (m.seats ?? []).flatMap((seat, n) =>
    [n ? ", " : "", seatName(m, n), botAccountTag(seat), ratingTag(seat, m.titleId)]);
  const pace = paceLabel(m.clock);
  return h("li", { "data-match": m.matchId },
    h("strong", {}, game?.displayName ?? m.titleId), " · ", ...seats, " · ",
    pace ? [h("span", { class: "tag" }, pace), " · "] : "", action);
}

// Signed in, the seat takes the player's name from their token; anonymous, the person types
// the name the others see (a field of the open match's own form, no blocking dialog).
async function join(m, name) {
  const token = playerToken();
  const joined = await call("JoinMatch", { matchId: m.matchId, displayName: token ? "" : name }, { token });
  location.href = matchLink(m.matchId, joined.token.token, joined.token.seat ?? 0);
}

function joinForm(m) {
  const form = h("form", { class: "join" });
  if (!playerToken()) {
    form.append(h("label", {}, "Your name: ",
      h("input", { name: "name", maxlength: 40, placeholder: "optional", autocomplete: "nickname" })), " ");
  }
  form.append(h("button", { type: "submit" }, "Join"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = (new FormData(form).get("name") ?? "").toString().trim();
    join(m, name).catch((e) => showError(e.message));
  });
  return form;
}

function typing(li) {
  const input = li.querySelector("input");
  return Boolean(input && (input === document.activeElement || input.value));
}

async function listMatches() {
  const lists = [
    ["open", "MATCH_PHASE_OPEN", joinForm],
    ["running", "MATCH_PHASE_RUNNING", (m) => h("a", { href: `/match.html?id=${m.matchId}` }, "Watch")],
    ["finished", "MATCH_PHASE_FINISHED", (m) => h("a", { href: `/replay.html?id=${m.matchId}` }, "Replay")],
  ];
  for (const [id, phase, action] of lists) {
    const found = (await call("ListMatches", { phase, limit: 20 })).matches ?? [];
    // An entry whose name field is being filled in is kept as it is, so the refresh does not
    // wipe what the person types.
    const kept = new Map([...$(id).querySelectorAll("li[data-match]")].filter(typing).map((li) => [li.dataset.match, li]));
    $(id).replaceChildren(...(found.length ? found.map((m) => kept.get(m.matchId) ?? matchItem(m, action(m))) : [h("li", { class: "muted" }, "none")]));
  }
}

async function main() {
  try {
    games = (await call("ListGames", {})).games ?? [];
    $("titles").replaceChildren(...games.map(titleCard));
    await listMatches();
  } catch (error) {
    showError(error.message);
  }
  setInterval(() => listMatches().catch(() => {}), 5000);
}

main();
