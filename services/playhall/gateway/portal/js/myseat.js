// On a match page opened without a seat's link (from the lobby's "Watch", say): if the
// signed-in player holds a seat in this match, a button in the bar takes it back
// (ReclaimSeat: a fresh seat token for this browser; the seat's older link stops working).
import { h, matchLink } from "./common.js";
import { ready, t } from "./i18n.js";
import { currentPlayer, players } from "./players.js";

async function offer(matchId, slot) {
  const running = (await players("ListRunningMatches", {})).matches ?? [];
  const mine = running.find((r) => r.match?.matchId === matchId);
  if (!mine) return;
  const seat = (mine.seats ?? [])[0] ?? 0;
  await ready;
  const button = h("button", { type: "button", id: "take-seat" }, t("table-take-seat"));
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const { token } = await players("ReclaimSeat", { matchId, seat });
      location.replace(matchLink(matchId, token.token, token.seat ?? 0));
      location.reload(); // only the fragment changed: load the page again with the seat
    } catch (error) {
      button.disabled = false;
      button.textContent = error.message;
    }
  });
  slot.replaceChildren(button);
}

const matchId = new URLSearchParams(location.search).get("id");
const hasSeatLink = new URLSearchParams(location.hash.slice(1)).has("token");
const slot = document.getElementById("my-seat");
if (matchId && slot && !hasSeatLink && currentPlayer()) offer(matchId, slot).catch(() => {});
