// The replay viewer: steps through a match's history (as the caller may see it: a spectator's,
// or a seat's with its token) and checks the seed revealed at the end against the SHA-256
// published at creation, which shows no shuffle was chosen.
import { call } from "./connect.js";
import { formatNumber, loadTitle, ready, t } from "./i18n.js";
import { titleName } from "./svg.js";
import { botAccountTag, fragment, h, seatName, titleModule, unpackEvent } from "./common.js";
import { fromBase64 } from "./proto.js";
import { renderBreakdown } from "./breakdown.js";
import { undoLine, undoneVersions } from "./undo.js";

const $ = (id) => document.getElementById(id);
const matchId = new URLSearchParams(location.search).get("id");
const { token } = fragment();
let history = null;
let title = null;
let step = 0;

const names = (n) => seatName(history.match, n);

async function checkSeed(summary) {
  const fair = $("fairness");
  if (!summary.seed) {
    fair.textContent = t("table-seed-not-revealed");
    return;
  }
  const seed = fromBase64(summary.seed);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", seed));
  const published = fromBase64(summary.seedSha256 ?? "");
  const same = digest.length === published.length && digest.every((b, i) => b === published[i]);
  fair.textContent = t(same ? "table-seed-verified" : "table-seed-mismatch");
  fair.classList.add(same ? "ok" : "bad");
  document.body.dataset.seed = same ? "verified" : "mismatch";
  const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  const hashes = { seed: `${hex(seed).slice(0, 16)}…`, digest: `${hex(digest).slice(0, 16)}…` };
  $("seed").textContent = t(same ? "table-seed-hashes" : "table-seed-hashes-not", hashes);
}

function show(n) {
  const changes = history.changes ?? [];
  step = Math.max(0, Math.min(n, changes.length - 1));
  $("step").value = step;
  const change = changes[step] ?? {};
  $("where").textContent = t("table-replay-where", { step: step + 1, count: changes.length });
  const events = [];
  const seen = [];
  // Every title rebuilds a spectator's view from the public events, from the start to here,
  // leaving out the moves taken back by then (an undo restores the position before its move).
  let view = title.replayStart(history.match);
  const undone = undoneVersions(changes.slice(0, step + 1));
  changes.slice(0, step + 1).forEach((c, i) => {
    if (undone.has(String(c.version))) return;
    for (const any of c.events ?? []) {
      const event = unpackEvent(any);
      view = title.replayStep(view, event);
      seen.push(event);
      if (i === step) events.push(event);
    }
  });
  $("log").replaceChildren(...events.map((e) => h("li", {}, title.describe(e, names))));
  if (change.undidVersion) $("log").append(h("li", {}, undoLine(names(change.seat ?? 0))));
  else if (!events.length) $("log").append(h("li", { class: "muted" }, t("table-replay-nothing-visible")));
  $("headline").textContent = title.headline?.(view, names) ?? "";
  // The step's version keeps a board's own selection state from an earlier drawing out.
  const summary = { ...history.match, version: String(change.version ?? step) };
  $("board").replaceChildren(title.board({ view, seat: null, summary, names, legal: [], play: () => {}, key: () => "", width: $("board").clientWidth, last: events, history: seen }));
  document.body.dataset.step = String(step);
  const last = step === changes.length - 1 && history.match.phase === "MATCH_PHASE_FINISHED";
  renderBreakdown($("breakdown"), last && title.breakdown?.(view, names, history.match));
  const scores = change.status?.scores ?? [];
  $("scores").replaceChildren(...(history.match.seats ?? []).map((seat, s) =>
    h("tr", {}, h("td", {}, names(s), botAccountTag(seat)), h("td", { class: "num" }, formatNumber(scores[s] ?? 0)))));
}

async function main() {
  await ready;
  try {
    history = await call("GetHistory", { matchId }, { token });
    title = await titleModule(history.match.titleId);
    // The table's help links the title's rules (js/table.js).
    document.body.dataset.title = history.match.titleId;
    // The texts of the rules version the match was played under: an old match reads its own.
    await Promise.all([title.setup?.(), loadTitle(history.match.titleId, history.match.rulesVersion)]);
  } catch (error) {
    $("error").textContent = error.message;
    $("error").hidden = false;
    return;
  }
  const games = (await call("ListGames", {}).catch(() => ({}))).games ?? [];
  const name = titleName(history.match.titleId, games.find((g) => g.titleId === history.match.titleId)?.displayName);
  $("title").textContent = t("table-replay-heading", { title: name });
  document.title = t("table-page-title", { title: t("table-replay-heading", { title: name }) });
  $("step").max = Math.max(0, (history.changes ?? []).length - 1);
  $("step").addEventListener("input", () => show(Number($("step").value)));
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(step - 1));
  $("next").addEventListener("click", () => show(step + 1));
  $("last").addEventListener("click", () => show(Infinity));
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowLeft") show(step - 1);
    if (e.key === "ArrowRight") show(step + 1);
  });
  show(0); // a replay opens at the start, as a match does
  await checkSeed(history.match);
}

main();
