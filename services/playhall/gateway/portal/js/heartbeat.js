// Presence: while a signed-in page is open it tells FriendsService the player is here, at once
// and every 30 s (the server keeps a player online for a little longer than that); signed out,
// it sends nothing. A failed beat is only a missed one: the next one tries again.
import { friends } from "./social.js";
import { CHANGED, currentPlayer } from "./players.js";

const BEAT_MS = 30_000;
let timer = null;

function beat() {
  if (currentPlayer()) friends("Heartbeat", {}).catch(() => {});
}

function follow() {
  clearInterval(timer);
  timer = null;
  if (!currentPlayer()) return;
  beat();
  timer = setInterval(beat, BEAT_MS);
}

addEventListener(CHANGED, follow);
follow();
