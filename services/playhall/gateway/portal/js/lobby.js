// The lobby: every title with its picture, a line about it and its how-to-play page, and the
// two ways in side by side, each saying what it does: play now (matched at your level) or set
// up a table (each seat a bot, a person with a link or anyone; live or turn-based, days a
// move); the open matches to join, the running ones to watch, the finished ones to replay.
import { aboutGame, gamePicture, playerCount } from "./gamecards.js";
import { playNow } from "./queue.js";
import { call } from "./connect.js";
import { LEVELS, botAccountTag, gameName, h, levelName, loadTitles, matchLink, paceLabel, seatName, userText } from "./common.js";
import { language, ready, t } from "./i18n.js";
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
  if (n === 0) return h("li", {}, t("lobby-seat-you"));
  const number = n + 1;
  const select = h("select", { name: `seat-${n}`, "aria-label": t("common-seat", { number }) },
    ...Object.keys(LEVELS).map((value) =>
      h("option", { value, ...(value === "BOT_LEVEL_NORMAL" ? { selected: "" } : {}) }, t("lobby-seat-bot", { level: levelName(value) }))),
    h("option", { value: "HUMAN" }, t("lobby-seat-person")),
    h("option", { value: "OPEN" }, t("lobby-seat-anyone")));
  return h("li", {}, h("label", {}, t("lobby-seat-label", { number }), " ", select));
}

// Live (no clock, everyone at the table) or turn-based: a time per move in days, and what the
// clock does to a player who lets it run out.
function paceChoice() {
  const days = h("select", { name: "days" },
    ...TURN_BASED_DAYS.map((d) => h("option", { value: d, ...(d === DEFAULT_DAYS ? { selected: "" } : {}) }, t("common-clock-days", { days: d }))));
  const onTimeout = h("select", { name: "on-timeout" },
    h("option", { value: "TIMEOUT_ACTION_FORFEIT" }, t("lobby-timeout-forfeit")),
    h("option", { value: "TIMEOUT_ACTION_BOT_MOVE" }, t("lobby-timeout-bot-move")));
  const options = h("div", { class: "turn-based-options", hidden: "" },
    h("label", {}, t("lobby-time-per-move"), " ", days),
    h("label", {}, t("lobby-time-runs-out"), " ", onTimeout),
    h("p", { class: "muted" }, t("lobby-turn-based-note")));
  const radio = (value, label, checked) =>
    h("label", { class: "pace-option" }, h("input", { type: "radio", name: "pace", value, ...(checked ? { checked: "" } : {}) }), " ", label);
  const fieldset = h("fieldset", { class: "pace" },
    h("legend", {}, t("lobby-pace")),
    radio("live", t("lobby-pace-live"), true), radio("turn-based", t("lobby-pace-turn-based"), false),
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

// A title's how-to-play page in the page's language (English's at the top of /howto/).
const howTo = (titleId) => (language() === "en" ? `/howto/${titleId}.html` : `/howto/${language()}/${titleId}.html`);

function titleCard(game) {
  const players = h("select", { name: "players", "aria-label": t("lobby-players") });
  for (let n = game.minPlayers; n <= game.maxPlayers; n++) players.append(h("option", { value: n }, t("gamecard-players", { count: n })));
  const seats = h("ol", { class: "seats" });
  const drawSeats = () => {
    seats.replaceChildren(...Array.from({ length: Number(players.value) }, (_, n) => seatRow(n)));
  };
  players.addEventListener("change", drawSeats);
  drawSeats();
  const form = h("form", { class: "new-match", "data-title": game.titleId },
    h("label", {}, t("lobby-players-label"), " ", players),
    seats,
    paceChoice(),
    h("label", {}, t("lobby-your-name"), " ", h("input", { name: "name", maxlength: 40, placeholder: t("lobby-optional"), dir: "auto" })),
    h("button", { type: "submit" }, t("lobby-set-up-submit")));
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
      h("div", {}, h("h3", {}, gameName(game)),
        h("p", { class: "about" }, aboutGame(game.titleId)),
        h("p", { class: "muted" }, playerCount(game), " · ",
          h("a", { href: howTo(game.titleId) }, t("lobby-how-to-play"))))),
    h("div", { class: "ways-in" },
      playNow(game, showError),
      h("p", { class: "or", "aria-hidden": "true" }, t("lobby-or")),
      h("section", { class: "set-up", "aria-labelledby": heading },
        h("h4", { id: heading }, t("lobby-set-up-heading")),
        h("p", { class: "way-note muted" }, t("lobby-set-up-note")),
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
  $("link-list").replaceChildren(...tokens.map((link) => {
    const seat = link.seat ?? 0;
    const url = matchLink(matchId, link.token, seat);
    return h("li", {},
      h("strong", {}, seat === 0 ? t("lobby-link-your-seat") : t("lobby-seat-label", { number: seat + 1 })), " ",
      h("a", { href: url, class: "seat-link", "data-seat": seat }, url), " ",
      h("button", { type: "button", onclick: () => navigator.clipboard?.writeText(url) }, t("lobby-copy")));
  }));
  $("links").scrollIntoView();
  listMatches();
}

function matchItem(m, action) {
  const game = games.find((g) => g.titleId === m.titleId);
  const seats = (m.seats ?? []).flatMap((seat, n) =>
    [n ? t("lobby-list-separator") : "", userText(seatName(m, n)), botAccountTag(seat), ratingTag(seat, m.titleId)]);
  const pace = paceLabel(m.clock);
  return h("li", { "data-match": m.matchId },
    h("strong", {}, game ? gameName(game) : m.titleId), " · ", ...seats, " · ",
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
    form.append(h("label", {}, t("lobby-your-name"), " ",
      h("input", { name: "name", maxlength: 40, placeholder: t("lobby-optional"), autocomplete: "nickname", dir: "auto" })), " ");
  }
  form.append(h("button", { type: "submit" }, t("lobby-join")));
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
    ["running", "MATCH_PHASE_RUNNING", (m) => h("a", { href: `/match.html?id=${m.matchId}` }, t("lobby-watch"))],
    ["finished", "MATCH_PHASE_FINISHED", (m) => h("a", { href: `/replay.html?id=${m.matchId}` }, t("lobby-replay"))],
  ];
  for (const [id, phase, action] of lists) {
    const found = (await call("ListMatches", { phase, limit: 20 })).matches ?? [];
    // An entry whose name field is being filled in is kept as it is, so the refresh does not
    // wipe what the person types.
    const kept = new Map([...$(id).querySelectorAll("li[data-match]")].filter(typing).map((li) => [li.dataset.match, li]));
    $(id).replaceChildren(...(found.length ? found.map((m) => kept.get(m.matchId) ?? matchItem(m, action(m))) : [h("li", { class: "muted" }, t("lobby-none"))]));
  }
}

async function main() {
  await ready;
  try {
    games = (await call("ListGames", {})).games ?? [];
    await loadTitles(games);
    $("titles").replaceChildren(...games.map(titleCard));
    await listMatches();
  } catch (error) {
    showError(error.message);
  }
  setInterval(() => listMatches().catch(() => {}), 5000);
}

main();
