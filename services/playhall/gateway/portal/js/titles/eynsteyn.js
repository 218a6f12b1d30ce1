// Eynsteyn: the grid of path stones from the North-West corner, each square's top stone drawn
// with its lines, its height, and the markers; the hands, the open draw stacks and the call.
// A move is clicked from its parts: a stack to draw from; a stone from your hand, a rotation and
// an empty square to lay it; a square to mark; at the end of a turn a stack (and whether to call).
import { area, board as svgBoard, control, el, text } from "../svg.js";

const KINDS = {
  STONE_KIND_STRAIGHT: "straight", STONE_KIND_CURVE: "curve", STONE_KIND_JUNCTION: "junction",
  STONE_KIND_CROSSING: "crossing", STONE_KIND_DOUBLE_CURVE: "double curve", STONE_KIND_BLOCKER: "blocker",
};
const SEAT_COLOURS = ["#d6453d", "#3d6fd6"];
let sel = { version: null, facet: {} };

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

export function headline(view, names) {
  const phase = view.phase ?? "PHASE_OPENING_DRAW";
  const who = names(view.current ?? 0);
  return {
    PHASE_OPENING_DRAW: `${who} draws a stone for the opening`,
    PHASE_PREPARATION: `${who} lays a preparation stone, not next to another`,
    PHASE_REFILL_DRAW: `${who} refills their hand`,
    PHASE_PLACE: `${who} lays a stone`,
    PHASE_MARK: `${who} may put a marker on the board`,
    PHASE_END_TURN: `${who} draws to end the turn, calling EYNSTEYN or not`,
    PHASE_WIN_REFUSED: `${who}'s connection was not called: the stone goes back`,
    PHASE_OVER: "Game over",
  }[phase] ?? phase;
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
    const done = moves.find((m) => fits(m.f, want) && Object.keys(m.f).every((k) => k in want));
    if (done) return play(done.move);
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

  parts.push(area(10, 10, gridW + 40, n * s + 64, `The board, ${n} by ${n}`, { id: "grid" }));
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
  let k = 0;
  for (let i = 0; i < n * n; i++) {
    const row = Math.floor(i / n);
    const col = i % n;
    const x = gx + col * s;
    const y = gy + row * s;
    const h = heights[i] ?? 0;
    const cell = `${row},${col}`;
    const square = el("g", { class: "square", "data-cell": cell });
    square.append(el("rect", { x, y, width: s, height: s, class: "slot-square" }));
    if (h) {
      square.append(stone(x + 1, y + 1, s - 2, kinds[k + h - 1], rotations[k + h - 1]));
      if (h > 1) square.append(text(x + s - 4, y + 12, String(h), { class: "height", "text-anchor": "end" }));
    }
    k += h;
    const facet = markOnly ? { mark: cell } : { cell };
    const label = h ? `Square row ${row + 1}, column ${col + 1}: ${KINDS[kinds[k - 1]] ?? "stone"}` : `Empty square row ${row + 1}, column ${col + 1}`;
    // A square is highlighted once a stone is chosen (or, when marking, at once).
    const ready = markOnly || sel.facet.stone !== undefined;
    parts.push(control(square, markOnly ? `Mark ${label}` : `Lay it on ${label}`, choose(facet), ready && isLegal(facet)));
  }
  for (const m of b.markers ?? []) {
    parts.push(el("circle", { cx: gx + (m.column ?? 0) * s + s / 2, cy: gy + (m.row ?? 0) * s + s / 2, r: s * 0.22, fill: SEAT_COLOURS[m.seat ?? 0], stroke: "#fff", "stroke-width": 2, class: "marker" }));
  }
  if (view.lastPlaced && heights.some((x) => x)) {
    const lp = view.lastPlaced;
    parts.push(el("rect", { x: gx + (lp.column ?? 0) * s, y: gy + (lp.row ?? 0) * s, width: s, height: s, class: "last-placed" }));
  }

  // Beside the board (below it on a phone): the stacks, the rotation choice, the hands.
  let px = narrow ? 10 : gridW + 60;
  let py = narrow ? n * s + 84 : 10;
  const pw = narrow ? W - 20 : W - px - 10;
  const stacks = view.stacks ?? [];
  parts.push(area(px, py, pw, 110, "Draw stacks (top stone open)", { id: "stacks" }));
  stacks.forEach((st, i) => {
    const x = px + 14 + i * 64;
    // Stacks are numbered 1 to 5 on the wire.
    const facet = moves.some((m) => m.f.endStack !== undefined) ? { endStack: i + 1 } : { stack: i + 1 };
    const node = el("g", { class: "stack" + (chosen(facet) && "endStack" in facet && "endStack" in sel.facet ? " selected" : ""), "data-stack": i });
    if (st.top) node.append(stone(x, py + 30, 50, st.top, 0));
    else node.append(el("rect", { x, y: py + 30, width: 50, height: 50, rx: 6, class: "slot" }));
    node.append(text(x + 25, py + 100, `${i + 1}: ${st.size ?? 0}`, { "text-anchor": "middle", class: "muted" }));
    parts.push(control(node, `Stack ${i + 1} (${st.size ?? 0} stones, top ${KINDS[st.top] ?? "none"})`, choose(facet), isLegal(facet)));
  });
  py += 120;
  const calls = [true, false].filter((call) => moves.some((m) => m.f.call === call));
  const rotationsOffered = [...new Set(open.filter((m) => m.f.stone && m.f.stone === sel.facet.stone).map((m) => m.f.rotation))];
  const tools = [];
  if (calls.length) calls.forEach((call) => tools.push([{ call }, call ? "Call EYNSTEYN!" : "Do not call"]));
  for (const [name, label] of [["skipMark", "No marker"], ["passTurn", "Pass"]]) {
    if (moves.some((m) => m.f.action === name)) tools.push([{ action: name }, label]);
  }
  if (sel.facet.stone) rotationsOffered.forEach((r) => tools.push([{ rotation: r }, `turn ${r}`]));
  if (tools.length) {
    parts.push(area(px, py, pw, 90, sel.facet.stone ? `Turn the ${KINDS[sel.facet.stone]}` : "Choices", { id: "choices" }));
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
    parts.push(area(px, py, pw, 40 + rows * 56, `${names(i)}: ${st.markersLeft ?? 0} markers${st.called ? ", called EYNSTEYN" : ""}`, { id: `hand-${i}` }));
    parts.push(el("rect", { x: px + pw - 26, y: py + 8, width: 14, height: 14, fill: SEAT_COLOURS[i] }));
    hand.forEach((kind, j) => {
      const x = px + 14 + (j % perRow) * 56;
      const y = py + 30 + Math.floor(j / perRow) * 56;
      const facet = { stone: kind };
      const node = el("g", { class: "hand-stone" + (i === seat && sel.facet.stone === kind ? " selected" : ""), "data-stone": kind });
      node.append(stone(x, y, 48, kind, 0));
      if (i === seat) parts.push(control(node, `Your ${KINDS[kind] ?? kind}`, choose(facet), isLegal(facet)));
      else parts.push(node);
    });
    py += 50 + rows * 56;
  });
  const height = Math.max(py, n * s + 84) + (narrow ? 0 : 10);
  return svgBoard(W, height, "Eynsteyn board", ...parts);
}

export function describe(event, names) {
  const [kind, body] = Object.entries(event)[0] ?? ["", {}];
  const who = names(body?.seat ?? 0);
  const at = (c) => `row ${(c?.row ?? 0) + 1}, column ${(c?.column ?? 0) + 1}`;
  switch (kind) {
    case "gameStarted": return `${names(body.startPlayer ?? 0)} starts; ${names(body.northSouthSeat ?? 0)} connects North-South`;
    case "stoneDrawn": return `${who} drew a ${KINDS[body.kind] ?? "stone"} from stack ${body.stack ?? 0}`;
    case "stonePlaced": return `${who} laid a ${KINDS[body.stone?.kind] ?? "stone"} at ${at(body.cell)}${(body.level ?? 0) > 1 ? ` (level ${body.level})` : ""}`;
    case "preparationEnded": return body.stuck ? "The preparation got stuck: stones went back" : "The preparation is over";
    case "markerPlaced": return `${who} put a marker at ${at(body.cell)}`;
    case "markSkipped": return `${who} put no marker`;
    case "turnEnded": return `${who} drew from stack ${body.stack ?? 0}${body.call ? " and called EYNSTEYN!" : ""}`;
    case "winRefused": return `${who} connected without calling: the stone at ${at(body.cell)} goes back`;
    case "passed": return `${who} passed${body.call ? " and called EYNSTEYN!" : ""}`;
    case "gameEnded": {
      const w = body.winners ?? [];
      return `Game over: ${w.length ? w.map(names).join(" and ") + " won" : "no winner"}`;
    }
    default: return kind || "something happened";
  }
}
