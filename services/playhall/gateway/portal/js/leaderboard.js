// The leaderboards: one title's players by rating, the best first, a page at a time (bots are
// players too, one per level), provisional ratings left out unless asked for. The title and
// that choice are in the address (?title=...&provisional=1), so a board can be linked.
import { call } from "./connect.js";
import { h } from "./common.js";
import { challengeForm } from "./challengeform.js";
import { Pager } from "./pager.js";
import { CHANGED, botName, currentPlayer, describeRating, publicRead, ratingText } from "./players.js";

const $ = (id) => document.getElementById(id);
const PAGE = 20;
let pager = null;

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

function row(entry) {
  const player = entry.player ?? {};
  const rating = entry.rating ?? {};
  const me = currentPlayer()?.playerId === player.playerId;
  const name = player.bot
    ? botName(player.displayName || player.playerId)
    : h("a", { href: `/profile.html?player=${encodeURIComponent(player.playerId)}` }, player.displayName || player.playerId);
  return h("tr", { class: me ? "me" : "", "data-player": player.playerId },
    h("td", { class: "num" }, String(entry.rank ?? "")),
    h("td", {}, name, me ? " (you)" : ""),
    h("td", { class: "num", title: describeRating(rating) }, ratingText(rating)),
    h("td", { class: "num" }, String(rating.matches ?? 0)),
    h("td", {}, currentPlayer() && !me && !player.bot
      ? challengeForm({ playerId: player.playerId, name: player.displayName || player.playerId }) : ""));
}

function address() {
  const params = new URLSearchParams({ title: $("board-title").value });
  if ($("board-provisional").checked) params.set("provisional", "1");
  history.replaceState(null, "", `?${params}`);
}

async function show() {
  showError("");
  await pager.restart();
  document.body.dataset.loaded = "true";
}

async function main() {
  const params = new URLSearchParams(location.search);
  let games = [];
  try {
    games = (await call("ListGames", {})).games ?? [];
  } catch (error) {
    showError(error.message);
    return;
  }
  const select = $("board-title");
  select.replaceChildren(...games.map((g) => h("option", { value: g.titleId }, g.displayName)));
  if (games.some((g) => g.titleId === params.get("title"))) select.value = params.get("title");
  $("board-provisional").checked = params.get("provisional") === "1";
  pager = new Pager(
    (pageToken) => publicRead("GetLeaderboard", {
      titleId: select.value, pageSize: PAGE, pageToken, includeProvisional: $("board-provisional").checked,
    }),
    (page) => {
      const rows = (page.entries ?? []).map(row);
      $("board").replaceChildren(...(rows.length ? rows : [h("tr", {}, h("td", { colspan: 5, class: "muted" },
        $("board-provisional").checked ? "Nobody is rated in this game yet." : "No settled rating yet: tick “with provisional ratings”."))]));
      const name = games.find((g) => g.titleId === select.value)?.displayName ?? select.value;
      $("board-heading").textContent = `Best players of ${name}`;
      document.title = `${name} leaderboard · Playhall`;
      return rows.length;
    },
    { prev: $("board-prev"), next: $("board-next"), where: $("board-page"), size: PAGE, noun: "places" },
  );
  const refresh = () => show().catch((error) => showError(error.message));
  for (const control of [select, $("board-provisional")]) {
    control.addEventListener("change", () => {
      address();
      refresh();
    });
  }
  addEventListener(CHANGED, refresh);
  await refresh();
}

main();
