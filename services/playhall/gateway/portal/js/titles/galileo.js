// Galileo Galilei: the board from one seat's view. Pick a scientist from your hand (face
// down until everyone has picked), then, in the round's order, take an experiment from the
// table. The cards' colours and values come from the title's own data file (cards.json).
// Every text is the title's catalogue's (locales/1/<lang>/board.ftl), by key.
import { formatList, formatNumber, t } from "../i18n.js";
import { area, plainList, board as svgBoard, control, el, explain, text } from "../svg.js";

// A card's colour: its name, and the card described, a key per colour.
const COLOUR_NAMES = { yellow: "galileo-colour-yellow", red: "galileo-colour-red", blue: "galileo-colour-blue", green: "galileo-colour-green" };
const SCIENTISTS = { yellow: "galileo-scientist-yellow", red: "galileo-scientist-red", blue: "galileo-scientist-blue", green: "galileo-scientist-green" };
const EXPERIMENTS = { yellow: "galileo-experiment-yellow", red: "galileo-experiment-red", blue: "galileo-experiment-blue", green: "galileo-experiment-green" };
const colourName = (colour) => t(COLOUR_NAMES[colour]);
// The order of taking, 1st to 5th, as the reader's language counts.
const ordinal = (rank) => t("galileo-take-rank", { rank: rank + 1 });
const COLOURS = { yellow: "#e2b714", red: "#d6453d", blue: "#3d6fd6", green: "#3a9a48" };
let cards = null;

export async function setup() {
  if (cards) return;
  const data = await (await fetch("/portal/data/galileo/cards.json")).json();
  const deck = (table, key) => {
    const out = [null];
    for (const colour of data.colours) {
      table[colour].forEach((copies, i) => {
        for (let c = 0; c < copies; c++) out.push({ colour, [key]: i + 1 });
      });
    }
    return out;
  };
  cards = { scientists: deck(data.scientists, "power"), experiments: deck(data.experiments, "points") };
}

const scientist = (id) => cards.scientists[id];
const experiment = (id) => cards.experiments[id];
export const describeScientist = (id) =>
  id ? t(SCIENTISTS[scientist(id).colour], { power: scientist(id).power }) : t("galileo-no-scientist");
export const describeExperiment = (id) =>
  id ? t(EXPERIMENTS[experiment(id).colour], { points: experiment(id).points }) : t("galileo-no-experiment");

// Yellow and green cards carry dark text: white on them is too faint to read.
const LIGHT = new Set(["yellow", "green"]);

function card(x, y, w, h, colour, big, small, attrs = {}) {
  return el(
    "g",
    { ...attrs, class: `${attrs.class ?? "card"}${LIGHT.has(colour) ? " light" : ""}`, transform: `translate(${x},${y})` },
    attrs["aria-label"] ? el("title", {}, attrs["aria-label"]) : null,
    el("rect", { width: w, height: h, rx: 6, fill: COLOURS[colour], class: "card-face" }),
    text(w / 2, h * 0.55, big, { class: "card-big", "text-anchor": "middle" }),
    text(w / 2, h - 7, small, { class: "card-small", "text-anchor": "middle" }),
  );
}

function backCard(x, y, w, h, label, about) {
  return el(
    "g",
    { class: "card back", transform: `translate(${x},${y})` },
    el("title", {}, about),
    el("rect", { width: w, height: h, rx: 6, class: "card-back" }),
    text(w / 2, h / 2 + 5, label, { class: "card-small", "text-anchor": "middle" }),
  );
}

// What the round is about, in a line: shown above the board.
export function headline(view, names) {
  if (view.phase === "PHASE_OVER") return t("galileo-headline-over");
  const round = { round: view.round ?? 0, rounds: view.roundsTotal ?? 0 };
  if (view.phase === "PHASE_PICK") return t("galileo-headline-pick", round);
  const order = view.order ?? [];
  const next = order[view.takeIndex ?? 0];
  return t("galileo-headline-take", { ...round, player: names(next) });
}

export function board(ctx) {
  const { view, seat, names, legal, play } = ctx;
  const seats = view.seats ?? [];
  // A phone gets a narrower drawing whose rows wrap, so its cards stay large enough to tap.
  const narrow = (ctx.width ?? 960) < 640;
  const W = narrow ? 460 : 960;
  const parts = [];
  const legalKeys = new Set(legal.map((l) => l.key));
  const isLegal = (move) => legalKeys.has(ctx.key(move));
  const takePhase = view.phase === "PHASE_TAKE";
  const order = view.order ?? [];
  const nextTaker = takePhase ? order[view.takeIndex ?? 0] : null;
  // The last move, marked on the board: the experiment just taken, or the pick just made.
  const last = ctx.last ?? [];
  const lastTaken = last.find((e) => e.experimentTaken)?.experimentTaken;
  const committed = last.find((e) => e.pickCommitted)?.pickCommitted;
  const lastPicker = committed ? committed.seat ?? 0 : null;

  // The table: this round's experiments, and the deck.
  const table = view.table ?? [];
  const tw = narrow ? 64 : 74;
  const th = narrow ? 86 : 96;
  parts.push(area(10, 10, W - 20, th + 34, t("galileo-area-table"), { id: "table" }));
  table.forEach((id, i) => {
    const e = experiment(id);
    const move = { take: { experiment: id } };
    const node = card(24 + i * (tw + 10), 34, tw, th, e.colour, formatNumber(e.points), t("galileo-card-experiment", { colour: colourName(e.colour), points: e.points }), {
      "data-experiment": id,
    });
    explain(node, t("galileo-explain-experiment", { experiment: describeExperiment(id), colour: colourName(e.colour) }));
    parts.push(control(node, t("galileo-take", { experiment: describeExperiment(id) }), () => play(move), isLegal(move)));
  });
  if (!table.length) parts.push(text(24, 34 + th / 2, t("galileo-table-empty"), { class: "muted" }));
  const deck = view.deckSize ?? 0;
  parts.push(backCard(W - 24 - tw, 34, tw, th, t("galileo-deck", { count: deck }), t("galileo-explain-deck", { count: deck })));

  // The seats: score, hand, this round's pick, the order, played scientists, experiments taken.
  const listX = narrow ? 200 : 280;
  const perRow = Math.max(4, Math.floor((W - 84 - listX) / 26));
  const rows = seats.map((s) => Math.max(1, Math.ceil(Math.max((s.played ?? []).length, (s.taken ?? []).length) / perRow)));
  // On a phone the name has a line of its own across the row, never cut.
  const nameH = narrow ? 24 : 0;
  const rowHeight = (n) => nameH + Math.max(104, 20 + rows[n] * 2 * 40);
  const top = th + 54;
  const seatsHeight = seats.reduce((sum, _, n) => sum + rowHeight(n), 0);
  parts.push(area(10, top, W - 20, 30 + seatsHeight, t("galileo-area-players"), { id: "seats" }));
  let y = top + 30;
  seats.forEach((s, n) => {
    const rowH = rowHeight(n);
    const mine = n === seat;
    const row = el("g", { class: "seat-row" + (mine ? " mine" : "") + (n === nextTaker ? " active" : ""), "data-seat": n });
    row.append(el("rect", { x: 18, y: y - 4, width: W - 36, height: rowH - 8, rx: 8, class: "seat-bg" }));
    const name = names(n);
    row.append(text(30, y + (narrow ? 16 : 20), name, { class: "seat-name" }));
    const ry = y + nameH;
    row.append(text(30, ry + 44, t("galileo-seat-points", { points: s.score ?? 0 }), { class: "seat-score" }));
    row.append(text(30, ry + 66, t("galileo-seat-hand", { count: s.handSize ?? 0 }), { class: "muted" }));
    const rank = order.indexOf(n);
    if (takePhase && rank >= 0) row.append(text(30, ry + 86, ordinal(rank), { class: "muted" }));
    // This round's pick: revealed, committed face down, or not yet.
    const pickX = listX - 78;
    const pickMark = (node) => {
      if ((lastPicker ?? -1) === n && !lastTaken) node.classList.add("last-move");
      return node;
    };
    if (s.revealedPick) {
      const sc = scientist(s.revealedPick);
      row.append(pickMark(card(pickX, ry, 58, 80, sc.colour, formatNumber(sc.power), t("galileo-pick-revealed"))));
    } else if (mine && view.ownPick) {
      const sc = scientist(view.ownPick);
      row.append(pickMark(card(pickX, ry, 58, 80, sc.colour, formatNumber(sc.power), t("galileo-pick-own"), { class: "card own-pick" })));
    } else if (s.hasPicked) {
      row.append(pickMark(backCard(pickX, ry, 58, 80, t("galileo-pick-hidden"), t("galileo-explain-picked", { player: name }))));
    } else {
      row.append(el("rect", { x: pickX, y: ry, width: 58, height: 80, rx: 6, class: "slot" }));
      row.append(text(pickX + 29, ry + 45, t("galileo-pick-none"), { class: "muted", "text-anchor": "middle" }));
    }
    // Played scientists and experiments taken, in rows that wrap.
    // Two labelled lines: the scientists played so far, the experiments taken.
    const at = (i, line) => [listX + 54 + (i % perRow) * 26, ry + 2 + (Math.floor(i / perRow) * 2 + line) * 40];
    if ((s.played ?? []).length || (s.taken ?? []).length) {
      row.append(text(listX, ry + 24, t("galileo-row-played"), { class: "muted row-label" }));
      row.append(text(listX, ry + 64, t("galileo-row-taken"), { class: "muted row-label" }));
    }
    if (!(s.played ?? []).length && !(s.taken ?? []).length) {
      row.append(text(listX, ry + 44, t("galileo-row-nothing"), { class: "muted" }));
    }
    (s.played ?? []).forEach((id, i) => {
      const sc = scientist(id);
      const [x, yy] = at(i, 0);
      row.append(card(x, yy, 23, 34, sc.colour, formatNumber(sc.power), "", { "aria-label": t("galileo-played", { scientist: describeScientist(id) }) }));
    });
    (s.taken ?? []).forEach((taken, i) => {
      const e = experiment(taken.experiment);
      const [x, yy] = at(i, 1);
      const node = card(x, yy, 23, 34, e.colour, formatNumber(taken.points ?? 0), taken.doubled ? t("galileo-doubled-mark") : "", {
        "aria-label": t("galileo-took", { experiment: describeExperiment(taken.experiment), points: taken.points ?? 0 }),
      });
      if (taken.doubled) node.classList.add("doubled");
      if (lastTaken && (lastTaken.seat ?? 0) === n && lastTaken.take?.experiment === taken.experiment) node.classList.add("last-move");
      row.append(node);
    });
    parts.push(row);
    y += rowH;
  });

  // The viewer's hand, while there is one to play from.
  const hand = view.hand ?? [];
  let height = y + 10;
  if (seat !== null && seat !== undefined && view.phase !== "PHASE_OVER") {
    const handTop = height;
    const perLine = Math.floor((W - 40) / 61);
    const lines = Math.max(1, Math.ceil(hand.length / perLine));
    const label = t(view.ownPick ? "galileo-area-hand-picked" : "galileo-area-hand");
    parts.push(area(10, handTop, W - 20, 44 + lines * 104, label, { id: "hand" }));
    hand.forEach((id, i) => {
      const sc = scientist(id);
      const move = { pick: { scientist: id } };
      const x = 24 + (i % perLine) * 61;
      const yy = handTop + 34 + Math.floor(i / perLine) * 104;
      const node = card(x, yy, 56, 96, sc.colour, formatNumber(sc.power), colourName(sc.colour), { "data-scientist": id });
      explain(node, t("galileo-explain-scientist", { scientist: describeScientist(id), colour: colourName(sc.colour) }));
      parts.push(control(node, t("galileo-pick", { scientist: describeScientist(id) }), () => play(move), isLegal(move)));
    });
    height = handTop + 54 + lines * 104;
  }
  return svgBoard(W, height, t("galileo-board"), ...parts);
}

// The end's score table (rules, Scoring and 8): each experiment's points, the bonus of those
// doubled by a scientist of their colour, and the tie-breaks: experiments taken, doubled.
export function breakdown(view, names) {
  return {
    columns: ["galileo-score-experiments", "galileo-score-doubled", "galileo-score-total", "galileo-score-taken", "galileo-score-doubled-taken"].map((key) => t(key)),
    rows: (view.seats ?? []).map((s, n) => {
      const taken = s.taken ?? [];
      const face = taken.reduce((sum, x) => sum + experiment(x.experiment).points, 0);
      const total = taken.reduce((sum, x) => sum + (x.points ?? 0), 0);
      return [names(n), formatNumber(face), formatNumber(total - face, { signDisplay: "always" }), formatNumber(s.score ?? total),
        formatNumber(taken.length), formatNumber(taken.filter((x) => x.doubled).length)];
    }),
    note: t("galileo-score-note"),
  };
}

export function describe(event, names) {
  if (event.roundStarted) {
    const e = event.roundStarted;
    return t("galileo-log-round-started", { round: e.round ?? 0, experiments: formatList((e.revealed ?? []).map(describeExperiment)) });
  }
  if (event.pickCommitted) {
    const e = event.pickCommitted;
    return e.scientist
      ? t("galileo-log-picked-own", { player: names(e.seat ?? 0), scientist: describeScientist(e.scientist) })
      : t("galileo-log-picked", { player: names(e.seat ?? 0) });
  }
  if (event.picksRevealed) {
    const e = event.picksRevealed;
    const picks = (e.scientists ?? []).map((id, n) => t("galileo-log-pick-of", { player: names(n), scientist: describeScientist(id) }));
    return t("galileo-log-picks-revealed", { picks: picks.join(t("table-separator")), order: (e.order ?? []).map(names).join(" > ") });
  }
  if (event.experimentTaken) {
    const e = event.experimentTaken;
    const take = e.take ?? {};
    const args = { player: names(e.seat ?? 0), experiment: describeExperiment(take.experiment), points: take.points ?? 0 };
    return t(take.doubled ? "galileo-log-took-doubled" : "galileo-log-took", args);
  }
  if (event.noExperimentLeft) return t("galileo-log-nothing-left", { player: names(event.noExperimentLeft.seat ?? 0) });
  if (event.roundEnded) return t("galileo-log-round-ended", { round: event.roundEnded.round ?? 0 });
  if (event.gameEnded) {
    const w = event.gameEnded.winners ?? [];
    const scores = plainList((event.gameEnded.scores ?? []).map(formatNumber));
    return w.length
      ? t("galileo-log-game-won", { scores, winners: formatList(w.map(names)), count: w.length })
      : t("galileo-log-game-drawn", { scores });
  }
  return t("galileo-log-unknown");
}

// For the replay viewer: a spectator's view rebuilt from the public events, one at a time.
export function replayStart(summary) {
  const players = (summary.seats ?? []).length;
  return {
    seats: Array.from({ length: players }, () => ({ score: 0, played: [], taken: [], handSize: 0 })),
    table: [],
    phase: "PHASE_PICK",
    round: 0,
    roundsTotal: 0,
    order: [],
    takeIndex: 0,
  };
}

export function replayStep(view, event) {
  if (event.roundStarted) {
    view.round = event.roundStarted.round;
    view.table = [...(event.roundStarted.revealed ?? [])];
    view.phase = "PHASE_PICK";
    view.order = [];
    view.seats.forEach((s) => { s.revealedPick = 0; s.hasPicked = false; });
  } else if (event.pickCommitted) {
    view.seats[event.pickCommitted.seat ?? 0].hasPicked = true;
  } else if (event.picksRevealed) {
    (event.picksRevealed.scientists ?? []).forEach((id, n) => { view.seats[n].revealedPick = id; });
    view.order = event.picksRevealed.order ?? [];
    view.takeIndex = 0;
    view.phase = "PHASE_TAKE";
  } else if (event.experimentTaken) {
    const e = event.experimentTaken;
    const s = view.seats[e.seat ?? 0];
    s.taken.push(e.take);
    s.score += e.take.points ?? 0;
    view.table = view.table.filter((id) => id !== e.take.experiment);
    view.takeIndex += 1;
  } else if (event.noExperimentLeft) {
    view.takeIndex += 1;
  } else if (event.roundEnded) {
    view.seats.forEach((s) => { if (s.revealedPick) s.played.push(s.revealedPick); s.revealedPick = 0; s.hasPicked = false; });
    view.table = [];
  } else if (event.gameEnded) {
    view.phase = "PHASE_OVER";
  }
  view.roundsTotal = Math.max(view.roundsTotal, view.round);
  return view;
}
