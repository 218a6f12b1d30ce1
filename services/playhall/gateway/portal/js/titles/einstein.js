// Einstein: the shared pattern of Idea tiles (The Big Idea), drawn from the tiles' exact
// lattice positions, the stocks as tile shapes, and the Inspirations and Major Theories as
// cards: an Inspiration shows the shape of tiles it asks for, and each player's completed ones
// show small in their row (the view does not say which tiles completed which card, so only the
// Inspirations of the latest move are marked on the board). A placement takes three clicks, each
// prompted above the board: a tile kind from your stock, a highlighted free edge of a placed
// tile to lay it against, then the ghost of the tile where it would go (the turn button cycles
// its legal orientations on that edge).
import { area, board as svgBoard, control, el, text } from "../svg.js";

const FIELDS = ["FIELD_MATHEMATICS", "FIELD_PHYSICS", "FIELD_PHILOSOPHY", "FIELD_CHEMISTRY"];
const FIELD_NAMES = { FIELD_MATHEMATICS: "mathematics", FIELD_PHYSICS: "physics", FIELD_PHILOSOPHY: "philosophy", FIELD_CHEMISTRY: "chemistry" };
const FIELD_COLOURS = { FIELD_MATHEMATICS: "#3d6fd6", FIELD_PHYSICS: "#d6453d", FIELD_PHILOSOPHY: "#3a9a48", FIELD_CHEMISTRY: "#e2a21a" };
const SEAT_COLOURS = ["#ffffff", "#222222", "#b05cc8", "#20b2aa"];
const EINSTEINS = { EINSTEIN_YOUNG: "Young", EINSTEIN_PRIME: "Prime", EINSTEIN_GLOBETROTTING: "Globetrotting", EINSTEIN_WISE: "Wise" };
let shapes = null;
let cards = null;
let pick = { version: null, piece: null, edge: null, index: 0 };

export async function setup() {
  if (shapes) return;
  const [data, cardData] = await Promise.all(
    ["shapes", "cards"].map((name) => fetch(`/portal/data/einstein/${name}.json`).then((r) => r.json())),
  );
  shapes = data.shapes.map((shape) => {
    const directions = [0];
    for (let c = 1; c < shape.angles.length; c++) directions.push(directions[c - 1] + (180 - shape.angles[c]) / 36);
    return { name: shape.name, directions };
  });
  const byId = (list) => Object.fromEntries(list.map((card) => [card.id, card]));
  cards = { inspirations: byId(cardData.inspirations), theories: byId(cardData.theories) };
}

const inspiration = (id) => cards.inspirations[id] ?? { name: `Inspiration ${id}`, stars: 0, shape: [] };
const theory = (id) => cards.theories[id] ?? { name: `Theory ${id}`, stars: 0, requirement: "" };
// The Major Theories' requirements in a line each (rules, Major Theories).
const REQUIREMENTS = {
  1: "4 fields connected", 2: "Inspiration with 1 own Idea", 3: "2 Inspirations in a turn",
  4: "touches all 3 other fields", 5: "3+ edges, all matching", 6: "touches 4+ Ideas",
  7: "Inspiration of own Ideas only", 8: "Inspiration of mostly others' Ideas",
  9: "5 own Ideas connected", 10: "matches 2+ others' Ideas",
};
const stars = (n) => "★".repeat(n);

const cos36 = (k) => Math.cos((k * Math.PI) / 5);
const sin36 = (k) => Math.sin((k * Math.PI) / 5);
function xy(point) {
  const a = [point?.one ?? 0, point?.zeta ?? 0, point?.zetaSquared ?? 0, point?.zetaCubed ?? 0];
  return [a.reduce((s, c, k) => s + c * cos36(k), 0), a.reduce((s, c, k) => s + c * sin36(k), 0)];
}

// A tile's corners in the plane: corner 0 at `origin`, edge i turned by `rotation`.
function cornersAt(shapeIndex, rotation, [x, y]) {
  const out = [[x, y]];
  shapes[shapeIndex].directions.slice(0, -1).forEach((d) => {
    x += cos36(d + rotation);
    y += sin36(d + rotation);
    out.push([x, y]);
  });
  return out;
}

const corners = (tile) => cornersAt(FIELDS.indexOf(tile.field ?? "FIELD_MATHEMATICS"), tile.rotation ?? 0, xy(tile.origin));

// An Inspiration's shape as tile outlines: its gluing sequence (kind, host tile, host edge, own
// edge) laid out as the engine does, edge `own` of each new tile on edge `host edge` of its host.
function shapeOf(card) {
  const tiles = [];
  for (const [kind, host, hostEdge, own] of card.shape) {
    const index = shapes.findIndex((shape) => shape.name === kind);
    if (!tiles.length) {
      tiles.push({ index, rotation: 0, poly: cornersAt(index, 0, [0, 0]) });
      continue;
    }
    const h = tiles[host];
    const direction = shapes[h.index].directions[hostEdge] + h.rotation;
    const rotation = (((direction + 5 - shapes[index].directions[own]) % 10) + 10) % 10;
    const relative = cornersAt(index, rotation, [0, 0]);
    const end = h.poly[(hostEdge + 1) % h.poly.length];
    const origin = [end[0] - relative[own][0], end[1] - relative[own][1]];
    tiles.push({ index, rotation, poly: cornersAt(index, rotation, origin) });
  }
  return tiles.map((t) => ({ field: FIELDS[t.index], poly: t.poly }));
}

// Outlines fitted into the box (x, y, w, h), y up as on the board.
function fitted(polys, x, y, w, h) {
  const all = polys.flat();
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const k = Math.min(w / (x1 - x0 || 1), h / (y1 - y0 || 1));
  const dx = x + (w - (x1 - x0) * k) / 2;
  const dy = y + (h - (y1 - y0) * k) / 2;
  return polys.map((poly) => poly.map(([px, py]) => `${(dx + (px - x0) * k).toFixed(1)},${(dy + (y1 - py) * k).toFixed(1)}`).join(" "));
}

// One card: an Inspiration with its shape, or a Major Theory with its requirement.
function cardNode(x, y, w, h, kind, id) {
  const node = el("g", { class: `card ${kind}`, "data-card": `${kind}/${id}` },
    el("rect", { x, y, width: w, height: h, rx: 6, class: "card-face paper" }));
  if (kind === "inspiration") {
    const card = inspiration(id);
    const tiles = shapeOf(card);
    fitted(tiles.map((t) => t.poly), x + 8, y + 22, w - 16, h - 44).forEach((points, i) => {
      node.append(el("polygon", { points, fill: FIELD_COLOURS[tiles[i].field], class: "tile", stroke: "#1e2430", "stroke-width": 1 }));
    });
    node.append(text(x + w / 2, y + 15, card.name, { class: "card-title", "text-anchor": "middle" }));
    node.append(text(x + w / 2, y + h - 8, stars(card.stars), { class: "card-stars", "text-anchor": "middle" }));
    node.append(el("title", {}, `Inspiration ${card.name}, ${card.stars} stars: ${tiles.map((t) => FIELD_NAMES[t.field]).join(", ")}`));
  } else {
    const card = theory(id);
    node.append(text(x + w / 2, y + 15, card.name.length > 20 ? card.name.slice(0, 19) + "…" : card.name, { class: "card-title", "text-anchor": "middle" }));
    node.append(text(x + w / 2, y + h / 2 + 4, REQUIREMENTS[id] ?? "", { class: "card-text", "text-anchor": "middle" }));
    node.append(text(x + w / 2, y + h - 8, stars(card.stars), { class: "card-stars", "text-anchor": "middle" }));
    node.append(el("title", {}, `Major Theory ${card.name}, ${card.stars} stars: ${REQUIREMENTS[id] ?? ""}`));
  }
  return node;
}

// A completed Inspiration, small, in its owner's row: its shape and stars (the name in its tooltip).
function completedCard(x, y, w, h, id) {
  const card = inspiration(id);
  const tiles = shapeOf(card);
  const node = el("g", { class: "card completed", "data-completed": id },
    el("rect", { x, y, width: w, height: h, rx: 4, class: "card-face paper" }));
  fitted(tiles.map((t) => t.poly), x + 3, y + 3, w - 6, h - 17).forEach((points, i) => {
    node.append(el("polygon", { points, fill: FIELD_COLOURS[tiles[i].field], class: "tile", stroke: "#1e2430", "stroke-width": 1 }));
  });
  node.append(text(x + w / 2, y + h - 4, stars(card.stars), { class: "completed-stars", "text-anchor": "middle" }));
  node.append(el("title", {}, `Completed Inspiration ${card.name}, ${card.stars} stars: ${tiles.map((t) => FIELD_NAMES[t.field]).join(", ")}`));
  return node;
}

// A stock chip: the field's tile outline, its pattern and how many are left.
function stockChip(x, y, w, h, field, pattern, count) {
  const index = FIELDS.indexOf(field);
  const [points] = fitted([cornersAt(index, 0, [0, 0])], x + 3, y + 3, w - 6, h - 18);
  return [
    el("rect", { x, y, width: w, height: h, rx: 5, class: "card-face paper" }),
    el("polygon", { points, fill: FIELD_COLOURS[field], stroke: "#1e2430", "stroke-width": 1, class: "tile", opacity: count ? 1 : 0.25 }),
    text(x + w / 2, y + h - 4, `${patternName(pattern)} ×${count}`, { class: "chip-text", "text-anchor": "middle" }),
  ];
}

// A band `w` wide around the segment a-b: an edge's target, easy to hit and never of zero area.
function band(a0, b0, w) {
  // Inset from both corners, so the bands of two edges meeting at a corner never overlap.
  const a = [a0[0] + (b0[0] - a0[0]) * 0.2, a0[1] + (b0[1] - a0[1]) * 0.2];
  const b = [b0[0] - (b0[0] - a0[0]) * 0.2, b0[1] - (b0[1] - a0[1]) * 0.2];
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  const nx = (-(b[1] - a[1]) / len) * w;
  const ny = ((b[0] - a[0]) / len) * w;
  return [[a[0] + nx, a[1] + ny], [b[0] + nx, b[1] + ny], [b[0] - nx, b[1] - ny], [a[0] - nx, a[1] - ny]]
    .map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
}

const pieceKey = (p) => `${p.field ?? "FIELD_MATHEMATICS"}/${p.pattern ?? "PATTERN_A"}`;
const edgeKey = (via) => (via ? `${via.hostTile ?? 0}/${via.hostEdge ?? 0}` : "start");
const patternName = (p) => (p === "PATTERN_B" ? "B" : "A");

export function headline(view, names) {
  if (view.over) return "Game over";
  return `${names(view.current ?? 0)} places Idea ${(view.placedThisTurn ?? 0) + 1} of 2${view.endTriggered ? " (the end is coming)" : ""}`;
}

// What to click next, in one line, for the seat to move.
function prompt(places, ghosts) {
  if (!places.length) return "";
  if (!pick.piece) return "Step 1 of 3: choose a tile in your stock below";
  if (!ghosts.length) return "Step 2 of 3: click an orange edge to lay it against";
  return `Step 3 of 3: click the dashed tile to place it${ghosts.length > 1 ? " (or turn it)" : ""}`;
}

export function board(ctx) {
  const { view, seat, names, legal, play, summary } = ctx;
  if (pick.version !== summary.version) pick = { version: summary.version, piece: null, edge: null, index: 0 };
  const redraw = () => ctx.redraw?.();
  const places = legal.filter((l) => l.move.place).map((l) => ({ ...l, place: l.move.place }));
  const tiles = view.tiles ?? [];
  const narrow = (ctx.width ?? 960) < 640;
  const W = narrow ? 460 : 960;
  const parts = [];
  const last = ctx.last ?? [];
  const lastTiles = new Set(last.filter((e) => e.ideaPlaced).map((e) => e.ideaPlaced.tile ?? 0));
  const shapeTiles = new Set(last.filter((e) => e.inspirationCompleted).flatMap((e) => e.inspirationCompleted.tiles ?? []));
  // The tiles of every Inspiration completed so far (the view keeps only the cards): tile index
  // -> the card, from the public InspirationCompleted events the page has seen.
  const completedBy = new Map();
  for (const e of (ctx.history ?? []).filter((e) => e.inspirationCompleted)) {
    for (const t of e.inspirationCompleted.tiles ?? []) completedBy.set(t, inspiration(e.inspirationCompleted.card ?? 0).name);
  }

  // The Big Idea: fit every tile (and the ghosts) into the drawing.
  const ghosts = pick.piece && pick.edge ? places.filter((p) => pieceKey(p.place) === pick.piece && edgeKey(p.place.via) === pick.edge) : [];
  const polys = tiles.map(corners);
  const ghostPoly = ghosts.length ? corners(ghosts[pick.index % ghosts.length].place) : null;
  const all = [...polys.flat(), ...(ghostPoly ?? []), [0, 0]];
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs) - 1, Math.max(...xs) + 1, Math.min(...ys) - 1, Math.max(...ys) + 1];
  const boardH = narrow ? 360 : 440;
  const scale = Math.min((W - 40) / (maxX - minX), (boardH - 70) / (maxY - minY), 60);
  const ox = 20 + ((W - 40) - (maxX - minX) * scale) / 2;
  const oy = 56 + ((boardH - 70) - (maxY - minY) * scale) / 2;
  const P = ([x, y]) => [ox + (x - minX) * scale, oy + (maxY - y) * scale];
  const path = (poly) => poly.map(P).map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(1)},${y.toFixed(1)}`).join("") + "Z";
  parts.push(area(10, 10, W - 20, boardH, `The Big Idea: ${tiles.length} tiles`, { id: "big-idea" }));
  const step = seat !== null && seat !== undefined ? prompt(places, ghosts) : "";
  if (step) parts.push(text(22, 50, step, { class: "prompt" }));
  tiles.forEach((tile, n) => {
    const what = `${FIELD_NAMES[tile.field ?? "FIELD_MATHEMATICS"]} ${patternName(tile.pattern)} by ${names(tile.owner ?? 0)}`;
    const cls = "tile" + (lastTiles.has(n) ? " last-move" : "") + (shapeTiles.has(n) ? " in-shape" : "") +
      (completedBy.has(n) ? " completed" : "");
    parts.push(el("path", { d: path(polys[n]), fill: FIELD_COLOURS[tile.field ?? "FIELD_MATHEMATICS"], stroke: SEAT_COLOURS[tile.owner ?? 0], "stroke-width": 2.5, class: cls, "data-tile": n },
      el("title", {}, what + (lastTiles.has(n) ? " (just placed)" : "") + (shapeTiles.has(n) ? " (in the Inspiration just completed)" : "") +
        (completedBy.has(n) && !shapeTiles.has(n) ? ` (part of the completed Inspiration ${completedBy.get(n)})` : ""))));
  });
  if (!tiles.length) parts.push(text(W / 2, 80, "No tile yet: the first goes on the centre", { class: "muted", "text-anchor": "middle" }));
  // Step 2: the free edges a chosen piece may be laid against.
  if (pick.piece) {
    const edges = new Map();
    for (const p of places.filter((p) => pieceKey(p.place) === pick.piece)) edges.set(edgeKey(p.place.via), p.place.via);
    for (const [key, via] of edges) {
      if (!via) continue;
      const poly = polys[via.hostTile ?? 0];
      const a = P(poly[via.hostEdge ?? 0]);
      const b = P(poly[((via.hostEdge ?? 0) + 1) % poly.length]);
      const line = el("g", { class: "edge" + (key === pick.edge ? " chosen" : ""), "data-edge": key },
        el("polygon", { points: band(a, b, 6), class: "edge-hit" }),
        el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "edge-line" }));
      parts.push(control(line, `Lay it against edge ${(via.hostEdge ?? 0) + 1} of tile ${(via.hostTile ?? 0) + 1}`, () => {
        pick.edge = key; pick.index = 0; redraw();
      }, pick.edge === null));
    }
    if (edges.has("start") && pick.edge !== "start") {
      pick.edge = "start";
      return board(ctx);
    }
  }
  // Step 3: the ghost of the tile where it would go, and a turn to its next orientation.
  if (ghostPoly) {
    const candidate = ghosts[pick.index % ghosts.length];
    const ghost = el("path", { d: path(ghostPoly), fill: FIELD_COLOURS[candidate.place.field ?? "FIELD_MATHEMATICS"], class: "ghost", "data-ghost": "" });
    parts.push(control(ghost, `Place the ${FIELD_NAMES[candidate.place.field ?? "FIELD_MATHEMATICS"]} tile here`, () => play(candidate.move), true));
    if (ghosts.length > 1) {
      const turn = el("g", { class: "turn-button" }, el("rect", { x: W - 190, y: 56, width: 170, height: 30, rx: 6 }),
        text(W - 105, 76, `turn it (${(pick.index % ghosts.length) + 1} of ${ghosts.length})`, { "text-anchor": "middle" }));
      parts.push(control(turn, "Try the next orientation", () => { pick.index += 1; redraw(); }, false, true));
    }
  }

  // The players: name, points, and every stock as tile shapes (the viewer's to choose from).
  let y = boardH + 20;
  const seats = view.seats ?? [];
  const chipW = narrow ? 50 : 52;
  const stockX = narrow ? 30 : 430;
  // A strip under each row for the completed Inspirations, once anyone has one.
  const most = Math.max(0, ...seats.map((s) => (s.completed ?? []).length));
  const baseH = narrow ? 112 : 64;
  const rowH = baseH + (most ? 48 : 0);
  const doneW = most ? Math.min(48, Math.floor((W - 60) / most) - 4) : 0;
  parts.push(area(10, y, W - 20, 40 + seats.length * rowH, "Players: points, and the tiles each has left", { id: "seats" }));
  const offered = new Set(places.map((p) => pieceKey(p.place)));
  seats.forEach((s, n) => {
    const top = y + 30 + n * rowH;
    const row = el("g", { class: "seat-row" + (n === seat ? " mine" : "") + (n === view.current && !view.over ? " active" : ""), "data-seat": n });
    row.append(el("rect", { x: 18, y: top - 4, width: W - 36, height: rowH - 6, rx: 8, class: "seat-bg" }));
    row.append(text(30, top + 16, `${names(n)} · ${EINSTEINS[s.einstein] ?? ""} Einstein`, { class: "seat-name" }));
    row.append(text(30, top + 36, `${s.score ?? 0} points · ${s.prestige ?? 0} prestige · ${(s.completed ?? []).length} Inspirations · ${(s.theories ?? []).length} Theories · hand ${s.handSize ?? 0}`, { class: "muted" }));
    (s.completed ?? []).forEach((id, i) => row.append(completedCard(30 + i * (doneW + 4), top + baseH - 6, doneW, 42, id)));
    parts.push(row);
    const chipTop = narrow ? top + 46 : top + 2;
    (s.stock ?? []).forEach((stock, i) => {
      ["PATTERN_A", "PATTERN_B"].forEach((pattern, j) => {
        const count = pattern === "PATTERN_A" ? stock.patternA ?? 0 : stock.patternB ?? 0;
        const field = stock.field ?? "FIELD_MATHEMATICS";
        const key = `${field}/${pattern}`;
        const x = stockX + (i * 2 + j) * (chipW + 1);
        const mine = n === seat;
        const chip = el("g", { class: "stock" + (mine && pick.piece === key ? " selected" : ""), "data-piece": key, "data-seat": n },
          ...stockChip(x, chipTop, chipW - 2, 52, field, pattern, count));
        if (mine) {
          const node = control(chip, `Choose a ${FIELD_NAMES[field]} tile, pattern ${patternName(pattern)} (${count} left)`, () => {
            pick.piece = key; pick.edge = null; pick.index = 0; redraw();
          }, offered.has(key));
          node.setAttribute("aria-pressed", String(pick.piece === key));
          parts.push(node);
        } else {
          chip.append(el("title", {}, `${names(n)}: ${count} ${FIELD_NAMES[field]} tiles of pattern ${patternName(pattern)}`));
          parts.push(chip);
        }
      });
    });
  });
  y += 50 + seats.length * rowH;

  // The Major Theories up, and the viewer's Inspirations, as cards.
  const theories = view.theoriesUp ?? [];
  const hand = view.hand ?? [];
  const cw = narrow ? 130 : 140;
  const ch = 118;
  const perLine = Math.max(1, Math.floor((W - 40) / (cw + 8)));
  const groups = [[`Major Theories up (deck ${view.theoryDeckSize ?? 0}, Prestige left ${view.prestigeSupply ?? 0})`, "theory", theories]];
  if (seat !== null && seat !== undefined) groups.push(["Your Inspirations: make their shape in the Big Idea", "inspiration", hand]);
  for (const [label, kind, ids] of groups) {
    const lines = Math.max(1, Math.ceil(ids.length / perLine));
    parts.push(area(10, y, W - 20, 36 + lines * (ch + 8), label, { id: `${kind}-cards` }));
    if (!ids.length) parts.push(text(24, y + 52, "none", { class: "muted" }));
    ids.forEach((id, i) => parts.push(cardNode(20 + (i % perLine) * (cw + 8), y + 30 + Math.floor(i / perLine) * (ch + 8), cw, ch, kind, id)));
    y += 46 + lines * (ch + 8);
  }
  return svgBoard(W, y, "Einstein board", ...parts);
}

// The end's score table (rules 12, 14, 17): the stars of completed Inspirations and claimed
// Major Theories, plus Prestige tokens.
export function breakdown(view, names) {
  return {
    columns: ["Inspirations ★", "Theories ★", "Prestige", "Total"],
    rows: (view.seats ?? []).map((s, n) => {
      const fromCards = (s.completed ?? []).reduce((sum, id) => sum + inspiration(id).stars, 0);
      const fromTheories = (s.theories ?? []).reduce((sum, id) => sum + theory(id).stars, 0);
      return [names(n), fromCards, fromTheories, s.prestige ?? 0, s.score ?? fromCards + fromTheories + (s.prestige ?? 0)];
    }),
    note: "A tie goes to the oldest Einstein among the tied.",
  };
}

export function describe(event, names) {
  const seat = (e) => names(e.seat ?? 0);
  if (event.ideaPlaced) {
    const p = event.ideaPlaced.place ?? {};
    return `${seat(event.ideaPlaced)} placed a ${FIELD_NAMES[p.field ?? "FIELD_MATHEMATICS"]} tile (pattern ${patternName(p.pattern)})`;
  }
  if (event.inspirationCompleted) {
    const card = inspiration(event.inspirationCompleted.card ?? 0);
    return `${seat(event.inspirationCompleted)} completed the Inspiration ${card.name} (${stars(card.stars)})`;
  }
  if (event.theoryClaimed) {
    const card = theory(event.theoryClaimed.theory ?? 0);
    return `${seat(event.theoryClaimed)} claimed the Major Theory ${card.name} (${stars(card.stars)})`;
  }
  if (event.endTriggered) return `${seat(event.endTriggered)} triggered the end of the game`;
  if (event.turnEnded) return `${seat(event.turnEnded)} ended their turn`;
  if (event.inspirationsDrawn) return `${seat(event.inspirationsDrawn)} drew Inspirations`;
  if (event.theoriesRevealed) return `Major Theories turned up: ${(event.theoriesRevealed.theories ?? []).map((id) => theory(id).name).join(", ")}`;
  if (event.gameEnded) return `Game over: scores ${(event.gameEnded.scores ?? []).join(", ")}`;
  return "something happened";
}

// For the replay viewer: a spectator's view rebuilt from the public events, one at a time
// (every stock starts full, rules 2; the first Major Theories show from their first claim or
// refill on).
const AGES = ["EINSTEIN_YOUNG", "EINSTEIN_PRIME", "EINSTEIN_GLOBETROTTING", "EINSTEIN_WISE"];
const FULL = 3;

export function replayStart(summary) {
  return {
    tiles: [],
    seats: (summary.seats ?? []).map((_, n) => ({
      einstein: AGES[n], score: 0, prestige: 0, completed: [], theories: [], handSize: 3,
      stock: FIELDS.map((field) => ({ field, patternA: FULL, patternB: FULL })),
    })),
    theoriesUp: [],
    current: 0,
    placedThisTurn: 0,
    over: false,
  };
}

export function replayStep(view, event) {
  const seatOf = (e) => view.seats[e.seat ?? 0];
  if (event.ideaPlaced) {
    const { place } = event.ideaPlaced;
    view.tiles[event.ideaPlaced.tile ?? view.tiles.length] = { ...place, owner: event.ideaPlaced.seat ?? 0 };
    const stock = seatOf(event.ideaPlaced).stock.find((st) => st.field === (place.field ?? "FIELD_MATHEMATICS"));
    if (place.pattern === "PATTERN_B") stock.patternB -= 1;
    else stock.patternA -= 1;
    view.current = event.ideaPlaced.seat ?? 0;
    view.placedThisTurn += 1;
  } else if (event.inspirationCompleted) {
    const e = event.inspirationCompleted;
    seatOf(e).completed.push(e.card ?? 0);
    seatOf(e).score += inspiration(e.card ?? 0).stars;
    seatOf(e).handSize -= 1;
    (e.prestige ?? []).forEach((tokens, n) => {
      view.seats[n].prestige += tokens;
      view.seats[n].score += tokens;
    });
  } else if (event.theoryClaimed) {
    const e = event.theoryClaimed;
    seatOf(e).theories.push(e.theory ?? 0);
    seatOf(e).score += theory(e.theory ?? 0).stars;
    view.theoriesUp = view.theoriesUp.filter((id) => id !== e.theory);
  } else if (event.theoriesRevealed) {
    view.theoriesUp = [...view.theoriesUp, ...(event.theoriesRevealed.theories ?? [])].slice(-3);
  } else if (event.inspirationsDrawn) {
    seatOf(event.inspirationsDrawn).handSize += event.inspirationsDrawn.count ?? 0;
  } else if (event.turnEnded) {
    view.current = ((event.turnEnded.seat ?? 0) + 1) % view.seats.length;
    view.placedThisTurn = 0;
  } else if (event.endTriggered) {
    view.endTriggered = true;
  } else if (event.gameEnded) {
    view.over = true;
    (event.gameEnded.scores ?? []).forEach((score, n) => { view.seats[n].score = score; });
  }
  return view;
}
