// Eynsteyn: the grid of path stones from the North-West corner, each square's top stone drawn
// with its lines, its height, and the markers; the hands, the open draw stacks and the call.
// A move is clicked from its parts: a stack to draw from; a stone from your hand, a rotation and
// an empty square to lay it; a square to mark; at the end of a turn a stack (and whether to call).
// Each seat's two board edges are drawn in its colour, each top stone's corner in the colour of
// the seat that laid it, and at the end the winner's line from edge to edge; the Tab key
// reaches the hand and the choices before the board's playable squares.
// Every text is the title's catalogue's (locales/1/<lang>/board.ftl), by key.
import { formatList, formatNumber, t } from "../i18n.js";
import { area, plainList, board as svgBoard, control, el, explain, text } from "../svg.js";

// A stone kind's name, a key per kind.
const KINDS = {
  STONE_KIND_STRAIGHT: "eynsteyn-kind-straight", STONE_KIND_CURVE: "eynsteyn-kind-curve", STONE_KIND_JUNCTION: "eynsteyn-kind-junction",
  STONE_KIND_CROSSING: "eynsteyn-kind-crossing", STONE_KIND_DOUBLE_CURVE: "eynsteyn-kind-double-curve", STONE_KIND_BLOCKER: "eynsteyn-kind-blocker",
};
const kindName = (kind) => t(KINDS[kind] ?? "eynsteyn-kind-unknown");
const SEAT_COLOURS = ["#d6453d", "#3d6fd6"];
const GOALS = { EDGE_PAIR_NORTH_SOUTH: "eynsteyn-goal-north-south", EDGE_PAIR_WEST_EAST: "eynsteyn-goal-west-east" };
const goal = (seatView) => t(GOALS[seatView?.edges] ?? "eynsteyn-goal-unknown");
// What each phase asks of the seat to move, over the board.
const PHASES = {
  PHASE_OPENING_DRAW: "eynsteyn-headline-opening-draw",
  PHASE_PREPARATION: "eynsteyn-headline-preparation",
  PHASE_REFILL_DRAW: "eynsteyn-headline-refill-draw",
  PHASE_PLACE: "eynsteyn-headline-place",
  PHASE_MARK: "eynsteyn-headline-mark",
  PHASE_END_TURN: "eynsteyn-headline-end-turn",
  PHASE_WIN_REFUSED: "eynsteyn-headline-win-refused",
  PHASE_OVER: "eynsteyn-headline-over",
};
// A square by its row and column, counted from 1 in the North-West corner.
const squareOf = (c) => ({ row: (c?.row ?? 0) + 1, column: (c?.column ?? 0) + 1 });
let sel = { version: null, facet: {} };
// Each stone kind's side groups in its base orientation (stones.json: N, E, S, W; sides in one
// group are joined by lines), by the proto's kind name.
let groups = null;

export async function setup() {
  if (groups) return;
  const data = await (await fetch("/portal/data/eynsteyn/stones.json")).json();
  const SIDES = { N: 0, E: 1, S: 2, W: 3 };
  groups = Object.fromEntries(data.kinds.map((kind) =>
    [`STONE_KIND_${kind.name.toUpperCase()}`, kind.groups.map((group) => group.map((side) => SIDES[side]))]));
}

function facets(move) {
  if (move.draw) return { stack: move.draw.stack ?? 0 };
  if (move.place) return { stone: move.place.kind, rotation: move.place.rotation ?? 0, cell: `${move.place.row ?? 0},${move.place.column ?? 0}` };
  if (move.mark) return { mark: `${move.mark.row ?? 0},${move.mark.column ?? 0}` };
  if (move.endTurn) return { endStack: move.endTurn.stack ?? 0, call: Boolean(move.endTurn.call) };
  if (move.skipMark) return { action: "skipMark" };
  if (move.passTurn) return { action: "passTurn" };
  return {};
}
const fits = (f, want) => Object.entries(want).every(([k, v]) => f[k] === v);

// A stone's lines in a square of side s at (x, y), turned `rotation` quarter turns clockwise.
function stone(x, y, s, kind, rotation, attrs = {}) {
  const c = s / 2;
  const lines = {
    STONE_KIND_STRAIGHT: [`M${c},0 L${c},${s}`],
    STONE_KIND_CURVE: [`M${c},0 A${c},${c} 0 0 0 ${s},${c}`],
    STONE_KIND_JUNCTION: [`M${c},0 L${c},${s}`, `M${c},${c} L${s},${c}`],
    STONE_KIND_CROSSING: [`M${c},0 L${c},${s}`, `M0,${c} L${s},${c}`],
    STONE_KIND_DOUBLE_CURVE: [`M${c},0 A${c},${c} 0 0 0 ${s},${c}`, `M${c},${s} A${c},${c} 0 0 0 0,${c}`],
    STONE_KIND_BLOCKER: [],
  }[kind] ?? [];
  return el("g", { transform: `translate(${x},${y}) rotate(${90 * (rotation ?? 0)} ${c} ${c})`, class: "stone", ...attrs },
    el("rect", { width: s, height: s, rx: s * 0.12, class: "card-face", fill: kind === "STONE_KIND_BLOCKER" ? "#667085" : "#f5e6c8" }),
    ...lines.map((d) => el("path", { d, fill: "none", stroke: "#1e2430", "stroke-width": Math.max(2, s * 0.12), "stroke-linecap": "round" })));
}

// Who laid the stones of every square, bottom first, from the public StonePlaced events seen
// (a refused win takes its stone back); cut to the square's height, so a stone an undo took
// back is never counted (the same seat lays the next one of that turn).
function layers(history, n, heights) {
  const cells = new Map();
  for (const event of history ?? []) {
    const [kind, body] = Object.entries(event)[0] ?? ["", {}];
    const at = (body?.cell?.row ?? 0) * n + (body?.cell?.column ?? 0);
    if (kind === "stonePlaced") cells.set(at, [...(cells.get(at) ?? []), body.seat ?? 0]);
    if (kind === "winRefused") cells.set(at, (cells.get(at) ?? []).slice(0, -1));
  }
  for (const [at, seats] of cells) cells.set(at, seats.slice(0, heights[at] ?? 0));
  return cells;
}

// The squares of a line of top stones joining `seat`'s two edges, in order from its first edge,
// each with the sides the line enters and leaves by; empty when there is none. A breadth-first
// search over (square, side entered by): a stone's lines join the sides of one group, turned
// clockwise by its rotation.
const STEP = [[-1, 0], [0, 1], [1, 0], [0, -1]];
function winningPath(view, seat) {
  const n = view.boardSize ?? 10;
  const b = view.board ?? {};
  const heights = b.heights ?? [];
  const tops = [];
  let k = 0;
  for (let i = 0; i < n * n; i++) {
    k += heights[i] ?? 0;
    tops.push(heights[i] ? { kind: b.kinds[k - 1], rotation: b.rotations?.[k - 1] ?? 0 } : null);
  }
  const northSouth = view.seats?.[seat]?.edges === "EDGE_PAIR_NORTH_SOUTH";
  const [from, to] = northSouth ? [0, 2] : [3, 1];
  const joined = (square, side) => {
    const top = tops[square];
    const group = (groups?.[top?.kind] ?? []).map((g) => g.map((x) => (x + top.rotation) % 4)).find((g) => g.includes(side));
    return (group ?? []).filter((x) => x !== side);
  };
  const starts = Array.from({ length: n }, (_, i) => (northSouth ? i : i * n));
  const queue = starts.filter((sq) => tops[sq]).map((square) => ({ square, enter: from, back: null }));
  const seen = new Set(queue.map((q) => `${q.square}/${q.enter}`));
  while (queue.length) {
    const here = queue.shift();
    for (const exit of joined(here.square, here.enter)) {
      const [row, col] = [Math.floor(here.square / n) + STEP[exit][0], (here.square % n) + STEP[exit][1]];
      if (row < 0 || row >= n || col < 0 || col >= n) {
        if (exit !== to) continue;
        const path = [];
        for (let at = { ...here, exit }; at; at = at.back) path.unshift({ square: at.square, enter: at.enter, exit: at.exit });
        return path;
      }
      const next = { square: row * n + col, enter: (exit + 2) % 4, back: { ...here, exit } };
      const key = `${next.square}/${next.enter}`;
      if (!tops[next.square] || seen.has(key)) continue;
      seen.add(key);
      queue.push(next);
    }
  }
  return [];
}

export function headline(view, names) {
  const phase = view.phase ?? "PHASE_OPENING_DRAW";
  return PHASES[phase] ? t(PHASES[phase], { player: names(view.current ?? 0) }) : phase;
}

export function board(ctx) {
  const { view, seat, names, legal, play, summary } = ctx;
  if (sel.version !== summary.version) sel = { version: summary.version, facet: {} };
  const moves = legal.map((l) => ({ move: l.move, f: facets(l.move) }));
  const open = moves.filter((m) => fits(m.f, sel.facet));
  const isLegal = (facet) => !fits(sel.facet, facet) && open.some((m) => fits(m.f, facet));
  const chosen = (facet) => fits(sel.facet, facet);
  const choose = (facet) => () => {
    let want = { ...sel.facet, ...facet };
    if (!moves.some((m) => fits(m.f, want))) want = { ...facet };
    // A stone just chosen starts in its first legal rotation: a square then lays it at once,
    // and the rotation buttons turn it before that.
    if (facet.stone !== undefined && want.rotation === undefined) {
      want.rotation = moves.find((m) => m.f.stone === facet.stone)?.f.rotation;
    }
    const done = moves.find((m) => fits(m.f, want) && Object.keys(m.f).every((k) => k in want));
    if (done) return play(done.move);
    if (facet.cell && sel.facet.stone === undefined && moves.some((m) => m.f.stone)) {
      return ctx.say?.(t("eynsteyn-choose-stone-first"));
    }
    if (!moves.some((m) => fits(m.f, want))) {
      // Not a move now: send it anyway, built from this element, so the engine says why.
      if (facet.cell) {
        const [row, column] = facet.cell.split(",").map(Number);
        return play({ place: { kind: sel.facet.stone ?? "STONE_KIND_STRAIGHT", rotation: sel.facet.rotation ?? 0, row, column } });
      }
      if (facet.stack !== undefined) return play({ draw: { stack: facet.stack } });
    }
    sel.facet = want;
    ctx.redraw?.();
  };
  const n = view.boardSize ?? 10;
  const narrow = (ctx.width ?? 960) < 640;
  const W = narrow ? 460 : 960;
  const gridW = narrow ? W - 40 : 560;
  const s = Math.floor(gridW / n);
  const parts = [];
  const b = view.board ?? {};
  const heights = b.heights ?? [];
  const kinds = b.kinds ?? [];
  const rotations = b.rotations ?? [];
  const seats = view.seats ?? [];
  const edgeOf = (pair) => seats.findIndex((x) => (x.edges ?? "") === pair);
  const ns = edgeOf("EDGE_PAIR_NORTH_SOUTH");
  const we = edgeOf("EDGE_PAIR_WEST_EAST");

  const mine = seat !== null && seat !== undefined ? seats[seat] : null;
  const title = mine ? t("eynsteyn-area-board-mine", { goal: goal(mine) }) : t("eynsteyn-area-board", { size: n });
  parts.push(area(10, 10, gridW + 40, n * s + 64, title, { id: "grid" }));
  // The squares come last in the drawing, so the Tab key meets the hand and the choices first.
  const grid = [];
  const gx = 30;
  const gy = 42;
  // The edges each seat connects, in its colour.
  if (ns >= 0) {
    parts.push(el("rect", { x: gx, y: gy - 8, width: n * s, height: 6, fill: SEAT_COLOURS[ns] }));
    parts.push(el("rect", { x: gx, y: gy + n * s + 2, width: n * s, height: 6, fill: SEAT_COLOURS[ns] }));
  }
  if (we >= 0) {
    parts.push(el("rect", { x: gx - 8, y: gy, width: 6, height: n * s, fill: SEAT_COLOURS[we] }));
    parts.push(el("rect", { x: gx + n * s + 2, y: gy, width: 6, height: n * s, fill: SEAT_COLOURS[we] }));
  }
  const markOnly = moves.some((m) => m.f.mark);
  const laid = layers(ctx.history, n, heights);
  const lastStone = (ctx.last ?? []).find((e) => e.stonePlaced)?.stonePlaced?.cell;
  let k = 0;
  for (let i = 0; i < n * n; i++) {
    const row = Math.floor(i / n);
    const col = i % n;
    const x = gx + col * s;
    const y = gy + row * s;
    const h = heights[i] ?? 0;
    const cell = `${row},${col}`;
    const cellNode = el("g", { class: "square", "data-cell": cell });
    cellNode.append(el("rect", { x, y, width: s, height: s, class: "slot-square" }));
    const layer = laid.get(i) ?? [];
    const by = h && layer.length === h ? layer[h - 1] : null;
    if (h) {
      const isLast = lastStone && (lastStone.row ?? 0) === row && (lastStone.column ?? 0) === col;
      cellNode.append(stone(x + 1, y + 1, s - 2, kinds[k + h - 1], rotations[k + h - 1], { class: "stone" + (isLast ? " last-move" : "") }));
      if (h > 1) cellNode.append(text(x + s - 4, y + 12, formatNumber(h), { class: "height", "text-anchor": "end" }));
      // Who laid the top stone: a corner in the seat's colour.
      if (by !== null) cellNode.append(el("path", { d: `M${x + 1},${y + 1} h${s * 0.3} L${x + 1},${y + 1 + s * 0.3} Z`, fill: SEAT_COLOURS[by], class: "laid-by", "data-seat": by }));
    }
    k += h;
    const facet = markOnly ? { mark: cell } : { cell };
    const where = { row: row + 1, column: col + 1 };
    // A square is highlighted once a stone is chosen (or, when marking, at once).
    const ready = markOnly || sel.facet.stone !== undefined;
    const marker = (b.markers ?? []).find((m) => (m.row ?? 0) === row && (m.column ?? 0) === col);
    // The square described: empty, or its top stone, who laid it, its height and its marker.
    const top = { ...where, stone: kindName(kinds[k - 1]) };
    const described = plainList([
      h ? (by !== null ? t("eynsteyn-square-laid-by", { ...top, player: names(by) }) : t("eynsteyn-square", top)) : t("eynsteyn-square-empty", where),
      ...(h > 1 ? [t("eynsteyn-square-height", { height: h })] : []),
      ...(marker ? [t("eynsteyn-square-marker", { player: names(marker.seat ?? 0) })] : []),
    ]);
    const node = control(cellNode, t(markOnly ? "eynsteyn-mark-square" : "eynsteyn-lay-on-square", { square: described }), choose(facet), ready && isLegal(facet));
    grid.push(node);
  }
  const lastMark = (ctx.last ?? []).find((e) => e.markerPlaced)?.markerPlaced?.cell;
  for (const m of b.markers ?? []) {
    const isLast = lastMark && (lastMark.row ?? 0) === (m.row ?? 0) && (lastMark.column ?? 0) === (m.column ?? 0);
    grid.push(el("circle", { cx: gx + (m.column ?? 0) * s + s / 2, cy: gy + (m.row ?? 0) * s + s / 2, r: s * 0.22, fill: SEAT_COLOURS[m.seat ?? 0], stroke: "#fff", "stroke-width": 2, class: "marker" + (isLast ? " last-move" : "") }));
  }
  // At the end, the winner's line from edge to edge, square by square through the middles.
  if (view.phase === "PHASE_OVER" && view.winner !== undefined && view.winner !== null) {
    // A square's middle, or the middle of one of its sides.
    const at = (sq, side = null) => {
      const [cx, cy] = [gx + (sq % n) * s + s / 2, gy + Math.floor(sq / n) * s + s / 2];
      return side === null ? `${cx},${cy}` : `${cx + (STEP[side][1] * s) / 2},${cy + (STEP[side][0] * s) / 2}`;
    };
    const path = winningPath(view, view.winner);
    if (path.length) {
      const points = path.map((p) => `${at(p.square, p.enter)} ${at(p.square)} ${at(p.square, p.exit)}`).join(" ");
      grid.push(el("polyline", { points, class: "win-line", "data-winner": view.winner },
        el("title", {}, t("eynsteyn-winning-line", { player: names(view.winner), count: path.length }))));
      for (const p of path) grid.push(el("rect", { x: gx + (p.square % n) * s, y: gy + Math.floor(p.square / n) * s, width: s, height: s, class: "win-path", "data-cell": `${Math.floor(p.square / n)},${p.square % n}` }));
    }
  }
  if (view.lastPlaced && heights.some((x) => x)) {
    const lp = view.lastPlaced;
    grid.push(el("rect", { x: gx + (lp.column ?? 0) * s, y: gy + (lp.row ?? 0) * s, width: s, height: s, class: "last-placed" }));
  }

  // Beside the board (below it on a phone): the stacks, the rotation choice, the hands.
  let px = narrow ? 10 : gridW + 60;
  let py = narrow ? n * s + 84 : 10;
  const pw = narrow ? W - 20 : W - px - 10;
  const stacks = view.stacks ?? [];
  const lastDraw = (ctx.last ?? []).map((e) => e.stoneDrawn ?? e.turnEnded).find((e) => e?.stack)?.stack ?? null;
  parts.push(area(px, py, pw, 110, t("eynsteyn-area-stacks"), { id: "stacks" }));
  stacks.forEach((st, i) => {
    const x = px + 14 + i * 64;
    // Stacks are numbered 1 to 5 on the wire.
    const facet = moves.some((m) => m.f.endStack !== undefined) ? { endStack: i + 1 } : { stack: i + 1 };
    const drewHere = lastDraw === i + 1;
    const node = el("g", { class: "stack" + (chosen(facet) && "endStack" in facet && "endStack" in sel.facet ? " selected" : "") + (drewHere ? " last-move" : ""), "data-stack": i });
    if (st.top) node.append(stone(x, py + 30, 50, st.top, 0));
    else node.append(el("rect", { x, y: py + 30, width: 50, height: 50, rx: 6, class: "slot" }));
    node.append(text(x + 25, py + 100, t("eynsteyn-stack-short", { stack: i + 1, count: st.size ?? 0 }), { "text-anchor": "middle", class: "muted" }));
    const about = { stack: i + 1, count: st.size ?? 0 };
    parts.push(control(node, st.top ? t("eynsteyn-stack", { ...about, top: kindName(st.top) }) : t("eynsteyn-stack-empty", about), choose(facet), isLegal(facet)));
  });
  py += 120;
  const calls = [true, false].filter((call) => moves.some((m) => m.f.call === call));
  const rotationsOffered = [...new Set(open.filter((m) => m.f.stone && m.f.stone === sel.facet.stone).map((m) => m.f.rotation))];
  const tools = [];
  if (calls.length) calls.forEach((call) => tools.push([{ call }, t(call ? "eynsteyn-call" : "eynsteyn-no-call")]));
  for (const [name, key] of [["skipMark", "eynsteyn-skip-mark"], ["passTurn", "eynsteyn-pass"]]) {
    if (moves.some((m) => m.f.action === name)) tools.push([{ action: name }, t(key)]);
  }
  if (sel.facet.stone) rotationsOffered.forEach((r) => tools.push([{ rotation: r }, t("eynsteyn-rotation", { turns: r })]));
  if (tools.length) {
    parts.push(area(px, py, pw, 90, sel.facet.stone ? t("eynsteyn-area-turn", { stone: kindName(sel.facet.stone) }) : t("eynsteyn-area-choices"), { id: "choices" }));
    tools.forEach(([facet, label], i) => {
      const x = px + 14 + (i % 4) * Math.floor((pw - 20) / 4);
      const node = el("g", { class: "choice" + (chosen(facet) ? " selected" : "") });
      if ("rotation" in facet) node.append(stone(x, py + 28, 48, sel.facet.stone, facet.rotation));
      else node.append(el("rect", { x, y: py + 34, width: Math.floor((pw - 20) / 4) - 10, height: 36, rx: 6, class: "seat-bg card-face" }), text(x + 8, py + 57, label));
      parts.push(control(node, label, choose(facet), isLegal(facet)));
    });
    py += 100;
  }
  seats.forEach((st, i) => {
    const hand = st.hand ?? [];
    const perRow = Math.max(1, Math.floor((pw - 20) / 56));
    const rows = Math.max(1, Math.ceil(hand.length / perRow));
    // The name (and a standing call) as the label, what the seat connects on a line under it:
    // one line held both and ran out of the panel.
    parts.push(area(px, py, pw, 56 + rows * 56, st.called ? t("eynsteyn-area-hand-called", { player: names(i) }) : names(i), { id: `hand-${i}` }));
    parts.push(text(px + 12, py + 38, t("eynsteyn-hand-goal", { goal: goal(st), markers: st.markersLeft ?? 0 }), { class: "muted" }));
    parts.push(el("rect", { x: px + pw - 26, y: py + 8, width: 14, height: 14, fill: SEAT_COLOURS[i] }));
    hand.forEach((kind, j) => {
      const x = px + 14 + (j % perRow) * 56;
      const y = py + 46 + Math.floor(j / perRow) * 56;
      const facet = { stone: kind };
      const node = el("g", { class: "hand-stone" + (i === seat && sel.facet.stone === kind ? " selected" : ""), "data-stone": kind });
      node.append(stone(x, y, 48, kind, 0));
      if (i === seat) {
        explain(node, t("eynsteyn-explain-own-stone", { stone: kindName(kind) }));
        parts.push(control(node, t("eynsteyn-own-stone", { stone: kindName(kind) }), choose(facet), isLegal(facet)));
      } else {
        parts.push(explain(node, t("eynsteyn-explain-other-stone", { player: names(i), stone: kindName(kind) })));
      }
    });
    py += 66 + rows * 56;
  });
  const height = Math.max(py, n * s + 84) + (narrow ? 0 : 10);
  return svgBoard(W, height, t("eynsteyn-board"), ...parts, ...grid);
}

// The end (rules 11 to 13): Eynsteyn scores no points, a connection wins; the table says who
// connected which edges and how the game ended.
const ENDINGS = {
  END_REASON_CONNECTED: "eynsteyn-score-note-connected",
  END_REASON_CONNECTED_FOR_OPPONENT: "eynsteyn-score-note-connected-for-opponent",
  END_REASON_NO_PLACEMENTS: "eynsteyn-score-note-no-placements",
};
const RESULTS = { draw: "eynsteyn-score-draw", won: "eynsteyn-score-won", lost: "eynsteyn-score-lost" };

export function breakdown(view, names, summary) {
  // The view knows a win on the board; a resignation or a timeout only the match's summary.
  const winner = view.winner ?? (summary?.winners ?? [])[0];
  return {
    columns: ["eynsteyn-score-connects", "eynsteyn-score-markers", "eynsteyn-score-result"].map((key) => t(key)),
    rows: (view.seats ?? []).map((s, n) => [names(n), goal(s), formatNumber(s.markersLeft ?? 0),
      t(RESULTS[winner === undefined ? "draw" : winner === n ? "won" : "lost"])]),
    note: winner === undefined
      ? t("eynsteyn-score-note-no-winner")
      : t(view.winner === undefined ? "eynsteyn-score-note-other-left" : ENDINGS[view.endReason] ?? "eynsteyn-score-note-connected", { player: names(winner) }),
  };
}

export function describe(event, names) {
  const [kind, body] = Object.entries(event)[0] ?? ["", {}];
  const player = names(body?.seat ?? 0);
  switch (kind) {
    case "gameStarted": return t("eynsteyn-log-game-started", { player: names(body.startPlayer ?? 0), northSouth: names(body.northSouthSeat ?? 0) });
    case "stoneDrawn": return t("eynsteyn-log-stone-drawn", { player, stone: kindName(body.kind), stack: body.stack ?? 0 });
    case "stonePlaced": return t("eynsteyn-log-stone-placed", { player, stone: kindName(body.stone?.kind), ...squareOf(body.cell), level: body.level ?? 1 });
    case "preparationEnded": return t(body.stuck ? "eynsteyn-log-preparation-stuck" : "eynsteyn-log-preparation-ended");
    case "markerPlaced": return t("eynsteyn-log-marker-placed", { player, ...squareOf(body.cell) });
    case "markSkipped": return t("eynsteyn-log-mark-skipped", { player });
    case "turnEnded": return t(body.call ? "eynsteyn-log-turn-ended-call" : "eynsteyn-log-turn-ended", { player, stack: body.stack ?? 0 });
    case "winRefused": return t("eynsteyn-log-win-refused", { player, ...squareOf(body.cell) });
    case "passed": return t(body.call ? "eynsteyn-log-passed-call" : "eynsteyn-log-passed", { player });
    case "gameEnded": {
      const w = body.winners ?? [];
      return w.length ? t("eynsteyn-log-game-won", { winners: formatList(w.map(names)), count: w.length }) : t("eynsteyn-log-game-no-winner");
    }
    default: return kind || t("eynsteyn-log-unknown");
  }
}

// For the replay viewer: the board rebuilt from the public events, one at a time (hands are
// public, rule 6: every stone drawn is named; stacks start at 24 stones, rule 4).
export function replayStart(summary) {
  return {
    boardSize: 10,
    cells: {},
    board: { heights: [], kinds: [], rotations: [], markers: [] },
    seats: (summary.seats ?? []).map(() => ({ hand: [], markersLeft: 5, called: false })),
    stacks: Array.from({ length: 5 }, () => ({ size: 24 })),
    phase: "PHASE_OPENING_DRAW",
    current: 0,
  };
}

function flatten(view) {
  const n = view.boardSize;
  const board = { heights: [], kinds: [], rotations: [], markers: view.board.markers };
  for (let i = 0; i < n * n; i++) {
    const stack = view.cells[`${Math.floor(i / n)},${i % n}`] ?? [];
    board.heights.push(stack.length);
    for (const stone of stack) {
      board.kinds.push(stone.kind);
      board.rotations.push(stone.rotation ?? 0);
    }
  }
  view.board = board;
}

export function replayStep(view, event) {
  const [kind, body] = Object.entries(event)[0] ?? ["", {}];
  const seat = view.seats[body?.seat ?? 0];
  const drawn = (stack, stone) => {
    if (view.stacks[stack - 1]) view.stacks[stack - 1].size -= 1;
    if (stone) seat.hand.push(stone);
  };
  const fromHand = (stone) => {
    const at = seat.hand.indexOf(stone);
    if (at >= 0) seat.hand.splice(at, 1);
  };
  switch (kind) {
    case "gameStarted":
      view.seats.forEach((s, n) => { s.edges = n === (body.northSouthSeat ?? 0) ? "EDGE_PAIR_NORTH_SOUTH" : "EDGE_PAIR_WEST_EAST"; });
      view.current = body.startPlayer ?? 0;
      break;
    case "stoneDrawn":
      drawn(body.stack ?? 0, body.kind);
      view.current = body.seat ?? 0;
      break;
    case "stonePlaced": {
      const key = `${body.cell?.row ?? 0},${body.cell?.column ?? 0}`;
      (view.cells[key] ??= []).push({ kind: body.stone?.kind, rotation: body.stone?.rotation ?? 0 });
      fromHand(body.stone?.kind);
      view.lastPlaced = body.cell ?? {};
      view.current = body.seat ?? 0;
      view.phase = view.phase === "PHASE_PREPARATION" || view.phase === "PHASE_OPENING_DRAW" ? "PHASE_PREPARATION" : "PHASE_MARK";
      break;
    }
    case "preparationEnded":
      for (const r of body.returned ?? []) {
        const owner = view.seats[r.seat ?? 0];
        const at = owner.hand.indexOf(r.kind);
        if (at >= 0) owner.hand.splice(at, 1);
        if (view.stacks[(r.stack ?? 1) - 1]) view.stacks[(r.stack ?? 1) - 1].size += 1;
      }
      view.phase = "PHASE_REFILL_DRAW";
      break;
    case "markerPlaced":
      view.board.markers = [...view.board.markers, { ...body.cell, seat: body.seat ?? 0 }];
      seat.markersLeft -= 1;
      view.phase = "PHASE_END_TURN";
      break;
    case "markSkipped":
      view.phase = "PHASE_END_TURN";
      break;
    case "turnEnded":
      drawn(body.stack ?? 0, body.kind);
      seat.called = Boolean(body.call);
      view.phase = "PHASE_PLACE";
      view.current = ((body.seat ?? 0) + 1) % view.seats.length;
      break;
    case "winRefused": {
      const stack = view.cells[`${body.cell?.row ?? 0},${body.cell?.column ?? 0}`];
      stack?.pop();
      if (body.stone?.kind) seat.hand.push(body.stone.kind);
      break;
    }
    case "passed":
      seat.called = Boolean(body.call);
      view.phase = "PHASE_PLACE";
      view.current = ((body.seat ?? 0) + 1) % view.seats.length;
      break;
    case "gameEnded":
      view.phase = "PHASE_OVER";
      view.winner = (body.winners ?? [])[0];
      view.endReason = body.reason;
      break;
    default:
      break;
  }
  flatten(view);
  return view;
}
