// The leaderboards: one title's players by rating, the best first, a page at a time (bots are
// players too, one per level), provisional ratings left out unless asked for. The title and
// that choice are in the address (?title=...&provisional=1), so a board can be linked.
import { call } from "./connect.js";
import { gameName, h, loadTitles } from "./common.js";
import { challengeForm } from "./challengeform.js";
import { formatNumber, ready, t } from "./i18n.js";
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
    : h("a", { href: `/profile.html?player=${encodeURIComponent(player.playerId)}`, dir: "auto" }, player.displayName || player.playerId);
  return h("tr", { class: me ? "me" : "", "data-player": player.playerId },
    h("td", { class: "num" }, entry.rank === undefined ? "" : formatNumber(Number(entry.rank))),
    h("td", {}, name, me ? [" ", t("chat-panel-you")] : ""),
    h("td", { class: "num", title: describeRating(rating) }, ratingText(rating)),
    h("td", { class: "num" }, formatNumber(Number(rating.matches ?? 0))),
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
  await ready;
  try {
    games = (await call("ListGames", {})).games ?? [];
    await loadTitles(games);
  } catch (error) {
    showError(error.message);
    return;
  }
  const select = $("board-title");
  select.replaceChildren(...games.map((g) => h("option", { value: g.titleId }, gameName(g))));
  if (games.some((g) => g.titleId === params.get("title"))) select.value = params.get("title");
  $("board-provisional").checked = params.get("provisional") === "1";
  pager = new Pager(
    (pageToken) => publicRead("GetLeaderboard", {
      titleId: select.value, pageSize: PAGE, pageToken, includeProvisional: $("board-provisional").checked,
    }),
    (page) => {
      const rows = (page.entries ?? []).map(row);
      $("board").replaceChildren(...(rows.length ? rows : [h("tr", {}, h("td", { colspan: 5, class: "muted" },
        t($("board-provisional").checked ? "leaderboard-nobody-rated" : "leaderboard-no-settled-rating")))]));
      const name = gameName(games.find((g) => g.titleId === select.value) ?? { titleId: select.value });
      $("board-heading").textContent = t("leaderboard-heading", { title: name });
      document.title = t("leaderboard-document-title", { title: name });
      return rows.length;
    },
    {
      prev: $("board-prev"), next: $("board-next"), where: $("board-page"), size: PAGE,
      range: "leaderboard-pager-range", onwards: "leaderboard-pager-onwards",
    },
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
