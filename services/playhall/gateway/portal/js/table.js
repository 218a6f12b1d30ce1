// At the table, beside the board (match.js; the replay's too): the title's "How to play" page,
// what a piece or control is on a long press (touch; a mouse has its hover text, the SVG
// titles), the last move marked with a short animation (none when the system asks for reduced
// motion: css/table.css), and optional sounds for your turn and for moves, off until the player
// turns them on (the choice is remembered in localStorage). It reads the page as match.js (or
// replay.js) leaves it: the body's data-title, data-version and data-my-turn.
import { language, ready, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const LONG_PRESS_MS = 500;
const HINT_MS = 6000;
// How far a finger may move before a press is a scroll, not a long press.
const SLOP_PX = 10;
// A board redrawn this long after a change still animates its last move; later redraws (a piece
// chosen, say) do not replay it.
const FRESH_MS = 1500;
const SOUND_KEY = "playhall.sounds";

// The title's page of rules in the reader's language (English's at the top level), opened
// beside the match so the game stays where it is.
function showHowTo(titleId) {
  const link = $("howto");
  if (!link || !/^[a-z0-9_]+$/.test(titleId)) return;
  const lang = language();
  link.href = lang === "en" ? `/howto/${titleId}.html` : `/howto/${lang}/${titleId}.html`;
  link.hidden = false;
}

// The explanation of what was pressed: the nearest SVG title, else an accessible name.
function explanationOf(target) {
  for (let node = target; node && node !== document.body; node = node.parentNode) {
    const title = node.querySelector?.(":scope > title");
    if (title?.textContent) return title.textContent;
    const label = node.getAttribute?.("aria-label") || node.getAttribute?.("title");
    if (label) return label;
  }
  return "";
}

let hintTimer = null;
function showHint(about) {
  const hint = $("hint");
  if (!hint || !about) return;
  hint.textContent = about;
  hint.hidden = false;
  clearTimeout(hintTimer);
  hintTimer = setTimeout(() => { hint.hidden = true; }, HINT_MS);
}

// A long press on the board explains what is under the finger and plays nothing: the click
// that follows the release is swallowed. How long the finger stayed is read from the events'
// own times, not from which of the release and the hint's timer the page got to first: a short
// tap that a busy page handles late is still a tap.
function listenForLongPresses(area) {
  let press = null;
  let swallow = false;
  const cancel = () => {
    clearTimeout(press?.timer);
    press = null;
  };
  area.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch") return;
    cancel();
    swallow = false;
    const { target, clientX: x, clientY: y, timeStamp: at } = event;
    press = { x, y, at, timer: setTimeout(() => showHint(explanationOf(target)), LONG_PRESS_MS) };
  });
  area.addEventListener("pointermove", (event) => {
    if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > SLOP_PX) cancel();
  });
  area.addEventListener("pointerup", (event) => {
    if (press) swallow = event.timeStamp - press.at >= LONG_PRESS_MS;
    cancel();
  });
  area.addEventListener("pointercancel", cancel);
  area.addEventListener("contextmenu", (event) => {
    if (swallow) event.preventDefault();
  });
  area.addEventListener("click", (event) => {
    if (!swallow) return;
    swallow = false;
    event.preventDefault();
    event.stopPropagation();
  }, true);
}

// WebAudio beeps, made when needed: no sound files. The context starts with the toggle's click
// (browsers let a page sound only after a gesture).
let audio = null;
const soundsOn = () => localStorage.getItem(SOUND_KEY) === "on";

function beep(notes) {
  if (!soundsOn()) return;
  audio ??= new AudioContext();
  let at = audio.currentTime;
  for (const [hertz, seconds] of notes) {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = hertz;
    volume.gain.setValueAtTime(0.15, at);
    volume.gain.exponentialRampToValueAtTime(0.001, at + seconds);
    tone.connect(volume).connect(audio.destination);
    tone.start(at);
    tone.stop(at + seconds);
    at += seconds;
  }
  document.body.dataset.beeps = String(Number(document.body.dataset.beeps ?? 0) + 1);
}

const YOUR_TURN = [[660, 0.12], [880, 0.18]];
const A_MOVE = [[440, 0.08]];

function renderSoundToggle() {
  const toggle = $("sounds");
  const on = soundsOn();
  toggle.setAttribute("aria-pressed", String(on));
  toggle.textContent = t(on ? "table-sounds-on" : "table-sounds-off");
  document.body.dataset.sounds = on ? "on" : "off";
}

function setUpSounds() {
  const toggle = $("sounds");
  if (!toggle) return;
  renderSoundToggle();
  toggle.hidden = false;
  toggle.addEventListener("click", () => {
    localStorage.setItem(SOUND_KEY, soundsOn() ? "off" : "on");
    renderSoundToggle();
    if (soundsOn()) {
      audio ??= new AudioContext();
      audio.resume();
    }
  });
}

// What the body's data says changed: a new version (a move: a sound, the board's last move
// animated for a moment), the turn come to this seat (its sound), the title known (its rules).
function follow() {
  const body = document.body;
  let version = body.dataset.version;
  let myTurn = body.dataset.myTurn;
  let freshTimer = null;
  new MutationObserver(() => {
    if (body.dataset.title) showHowTo(body.dataset.title);
    const now = body.dataset.version;
    if (now !== version) {
      if (version !== undefined && Number(now) > Number(version)) {
        $("board")?.classList.add("fresh");
        clearTimeout(freshTimer);
        freshTimer = setTimeout(() => $("board")?.classList.remove("fresh"), FRESH_MS);
        if (body.dataset.myTurn === "true" && myTurn !== "true") beep(YOUR_TURN);
        else beep(A_MOVE);
      }
      version = now;
    }
    myTurn = body.dataset.myTurn;
  }).observe(body, { attributes: true, attributeFilter: ["data-version", "data-my-turn", "data-title"] });
}

async function main() {
  await ready;
  const board = $("board");
  if (board) listenForLongPresses(board);
  setUpSounds();
  follow();
}

main();
