// Einstein: the shared pattern of Idea tiles (The Big Idea), drawn from the tiles' exact
// lattice positions, the stocks as tile shapes, and the Inspirations and Major Theories as
// cards: an Inspiration shows the shape of tiles it asks for, and each player's completed ones
// show small in their row (the view does not say which tiles completed which card, so only the
// Inspirations of the latest move are marked on the board). A placement takes three clicks, each
// prompted above the board: a tile kind from your stock, a highlighted free edge of a placed
// tile to lay it against, then the ghost of the tile where it would go (the turn button cycles
// its legal orientations on that edge).
// Every text is the title's catalogue's (locales/1/<lang>/board.ftl), by key; a card's name
// too, by its id.
import { formatNumber, t } from "../i18n.js";
import { area, plainList, board as svgBoard, control, el, text } from "../svg.js";

const FIELDS = ["FIELD_MATHEMATICS", "FIELD_PHYSICS", "FIELD_PHILOSOPHY", "FIELD_CHEMISTRY"];
// A field's name, a key per field.
const FIELD_NAMES = {
  FIELD_MATHEMATICS: "einstein-field-mathematics", FIELD_PHYSICS: "einstein-field-physics",
  FIELD_PHILOSOPHY: "einstein-field-philosophy", FIELD_CHEMISTRY: "einstein-field-chemistry",
};
const fieldName = (field) => t(FIELD_NAMES[field ?? "FIELD_MATHEMATICS"]);
const FIELD_COLOURS = { FIELD_MATHEMATICS: "#3d6fd6", FIELD_PHYSICS: "#d6453d", FIELD_PHILOSOPHY: "#3a9a48", FIELD_CHEMISTRY: "#e2a21a" };
const SEAT_COLOURS = ["#ffffff", "#222222", "#b05cc8", "#20b2aa"];
const EINSTEINS = {
  EINSTEIN_YOUNG: "einstein-einstein-young", EINSTEIN_PRIME: "einstein-einstein-prime",
  EINSTEIN_GLOBETROTTING: "einstein-einstein-globetrotting", EINSTEIN_WISE: "einstein-einstein-wise",
};
let shapes = null;
let cards = null;
let pick = { version: null, piece: null, edge: null, index: 0, center: null };

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

const inspiration = (id) => cards.inspirations[id] ?? { stars: 0, shape: [] };
const theory = (id) => cards.theories[id] ?? { stars: 0, requirement: "" };
// A card's name in the reader's language, a key per card by its id.
const inspirationName = (id) => t(`einstein-inspiration-${id}`);
const theoryName = (id) => t(`einstein-theory-${id}`);
// A Major Theory's requirement in a line (rules, Major Theories), a key per theory.
const requirement = (id) => t(`einstein-requirement-${id}`);
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

// Text in lines of at most `chars` characters, broken between words, centred on x: a card's
// name and requirement are never cut off. A character is counted at most 0.6 of the font's size.
function lines(x, y, content, width, fontPx, attrs) {
  const chars = Math.max(6, Math.floor(width / (fontPx * 0.6)));
  const out = [];
  for (const word of content.split(" ")) {
    const line = out.length ? `${out[out.length - 1]} ${word}` : word;
    if (out.length && line.length <= chars) out[out.length - 1] = line;
    else out.push(word);
  }
  return el("text", { x, y, "text-anchor": "middle", ...attrs },
    ...out.map((line, i) => el("tspan", { x, dy: i ? fontPx + 2 : 0 }, line)));
}

// One card: an Inspiration with its shape, or a Major Theory with its requirement; its name in
// one or two lines over it.
function cardNode(x, y, w, h, kind, id) {
  const node = el("g", { class: `card ${kind}`, "data-card": `${kind}/${id}` },
    el("rect", { x, y, width: w, height: h, rx: 6, class: "card-face paper" }));
  const card = kind === "inspiration" ? inspiration(id) : theory(id);
  const cardName = kind === "inspiration" ? inspirationName(id) : theoryName(id);
  const name = lines(x + w / 2, y + 14, cardName, w - 10, 11, { class: "card-title" });
  const nameH = 13 * name.childElementCount;
  node.append(name);
  if (kind === "inspiration") {
    const tiles = shapeOf(card);
    fitted(tiles.map((t) => t.poly), x + 8, y + 8 + nameH, w - 16, h - 30 - nameH).forEach((points, i) => {
      node.append(el("polygon", { points, fill: FIELD_COLOURS[tiles[i].field], class: "tile", stroke: "#1e2430", "stroke-width": 1 }));
    });
    const fields = plainList(tiles.map((tile) => fieldName(tile.field)));
    node.append(el("title", {}, t("einstein-explain-inspiration", { card: cardName, stars: card.stars, fields })));
  } else {
    node.append(lines(x + w / 2, y + 20 + nameH, requirement(id), w - 10, 10.5, { class: "card-text" }));
    node.append(el("title", {}, t("einstein-explain-theory", { card: cardName, stars: card.stars, requirement: requirement(id) })));
  }
  node.append(text(x + w / 2, y + h - 8, stars(card.stars), { class: "card-stars", "text-anchor": "middle" }));
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
  const fields = plainList(tiles.map((tile) => fieldName(tile.field)));
  node.append(el("title", {}, t("einstein-explain-completed", { card: inspirationName(id), stars: card.stars, fields })));
  return node;
}

// A stock chip: the field's tile outline, its pattern and how many are left.
function stockChip(x, y, w, h, field, pattern, count) {
  const index = FIELDS.indexOf(field);
  const [points] = fitted([cornersAt(index, 0, [0, 0])], x + 3, y + 3, w - 6, h - 18);
  return [
    el("rect", { x, y, width: w, height: h, rx: 5, class: "card-face paper" }),
    el("polygon", { points, fill: FIELD_COLOURS[field], stroke: "#1e2430", "stroke-width": 1, class: "tile", opacity: count ? 1 : 0.25 }),
    text(x + w / 2, y + h - 4, t("einstein-chip", { pattern: patternName(pattern), count }), { class: "chip-text", "text-anchor": "middle" }),
  ];
}

// The targets at a phone's size and larger (WCAG 2.2, 2.5.8 asks 24 CSS px): an edge's disc,
// and the least distance, across and down, between two discs' centres so no two overlap.
const TARGET_PX = 30;
const SPACING_PX = 34;
// The most a window zooms: a tile's edge this many CSS px long.
const MOST_PX_PER_EDGE = 180;

// The free edges the chosen piece may be laid against, by key: the move's `via` (none for the
// first tile, on the centre) and the edge's ends and middle in the plane.
function edgesFor(places, polys) {
  const edges = new Map();
  for (const p of places.filter((p) => pieceKey(p.place) === pick.piece)) {
    const via = p.place.via;
    if (!via) {
      edges.set("start", { via: null });
      continue;
    }
    const poly = polys[via.hostTile ?? 0];
    const a = poly[via.hostEdge ?? 0];
    const b = poly[((via.hostEdge ?? 0) + 1) % poly.length];
    edges.set(edgeKey(via), { via, a, b, mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] });
  }
  return edges;
}

// The least distance across or down (the larger of the two) between two edges' middles, in the
// plane: what keeps their discs' boxes apart.
function closest(mids) {
  let least = Infinity;
  for (let i = 0; i < mids.length; i++) {
    for (let j = i + 1; j < mids.length; j++) {
      least = Math.min(least, Math.max(Math.abs(mids[i][0] - mids[j][0]), Math.abs(mids[i][1] - mids[j][1])));
    }
  }
  return least;
}

const bounds = (points) => {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return { minX: Math.min(...xs) - 1, maxX: Math.max(...xs) + 1, minY: Math.min(...ys) - 1, maxY: Math.max(...ys) + 1 };
};

// Where the Big Idea's drawing looks and at what scale (drawing units per edge): everything
// fitted, or zoomed so the chosen piece's edge targets are apart (`px`: CSS px per drawing
// unit). Zoomed, step 2 looks where the player panned to (else at the edge nearest the middle)
// and step 3 at the ghost, whole.
function viewport(polys, ghostPoly, edges, frame, px) {
  const all = bounds([...polys.flat(), ...(ghostPoly ?? []), [0, 0]]);
  const fit = Math.min(frame.w / (all.maxX - all.minX), frame.h / (all.maxY - all.minY), 60);
  const middle = { cx: (all.minX + all.maxX) / 2, cy: (all.minY + all.maxY) / 2 };
  const mids = [...edges.values()].filter((e) => e.via).map((e) => e.mid);
  const need = mids.length > 1 ? SPACING_PX / px / closest(mids) : 0;
  if (need <= fit) return { scale: fit, ...middle, zoomed: false };
  const scale = Math.min(need, MOST_PX_PER_EDGE / px);
  if (ghostPoly) {
    const g = bounds(ghostPoly);
    const whole = Math.min(frame.w / (g.maxX - g.minX), frame.h / (g.maxY - g.minY));
    return { scale: Math.max(fit, Math.min(scale, whole)), cx: (g.minX + g.maxX) / 2, cy: (g.minY + g.maxY) / 2, zoomed: true };
  }
  if (!pick.center) {
    const near = mids.reduce((best, m) => (Math.hypot(m[0] - middle.cx, m[1] - middle.cy) < Math.hypot(best[0] - middle.cx, best[1] - middle.cy) ? m : best));
    pick.center = { x: near[0], y: near[1] };
  }
  pick.center.x = Math.min(all.maxX, Math.max(all.minX, pick.center.x));
  pick.center.y = Math.min(all.maxY, Math.max(all.minY, pick.center.y));
  return { scale, cx: pick.center.x, cy: pick.center.y, zoomed: true };
}

// The buttons under the Big Idea: the turn to the ghost's next orientation (step 3) or, on a
// zoomed window in step 2, four pans by half a window and how many edges are in view.
function placementTools({ W, y, ghosts, vp, frame, shown, total, px, redraw }) {
  const parts = [];
  const button = (x, w, label, glyph, act, cls) => {
    const node = el("g", { class: cls }, el("rect", { x, y, width: w, height: 40, rx: 6 }),
      text(x + w / 2, y + 26, glyph, { "text-anchor": "middle" }));
    return control(node, label, () => { act(); redraw(); }, false, true);
  };
  if (ghosts.length > 1) {
    parts.push(button(W - 200, 180, t("einstein-next-orientation"), t("einstein-turn-it", { index: (pick.index % ghosts.length) + 1, count: ghosts.length }),
      () => { pick.index += 1; }, "turn-button"));
  }
  if (vp.zoomed && !ghosts.length) {
    const dx = frame.w / 2 / vp.scale;
    const dy = frame.h / 2 / vp.scale;
    // Pans by where they look, a key each; the arrows point on the board, which is never mirrored.
    const pans = [["einstein-pan-left", "←", -dx, 0], ["einstein-pan-up", "↑", 0, dy], ["einstein-pan-down", "↓", 0, -dy], ["einstein-pan-right", "→", dx, 0]];
    const w = Math.max(44, Math.ceil(TARGET_PX / px) + 4);
    pans.forEach(([key, glyph, mx, my], i) => {
      parts.push(button(20 + i * (w + 8), w, t(key), glyph, () => {
        pick.center = { x: vp.cx + mx, y: vp.cy + my };
      }, "pan-button"));
    });
    parts.push(text(20 + 4 * (w + 8) + 4, y + 25, t("einstein-zoomed", { shown, total }), { class: "zoom-note" }));
  }
  return parts;
}

const pieceKey = (p) => `${p.field ?? "FIELD_MATHEMATICS"}/${p.pattern ?? "PATTERN_A"}`;
const edgeKey = (via) => (via ? `${via.hostTile ?? 0}/${via.hostEdge ?? 0}` : "start");
// A tile's pattern (the letter its tiles show), a key per pattern.
const PATTERNS = { PATTERN_A: "einstein-pattern-a", PATTERN_B: "einstein-pattern-b" };
const patternName = (p) => t(PATTERNS[p] ?? PATTERNS.PATTERN_A);

export function headline(view, names) {
  if (view.over) return t("einstein-headline-over");
  const args = { player: names(view.current ?? 0), idea: (view.placedThisTurn ?? 0) + 1, count: 2 };
  return t(view.endTriggered ? "einstein-headline-place-ending" : "einstein-headline-place", args);
}

// What to click next, in one line, for the seat to move.
function prompt(places, ghosts) {
  if (!places.length) return "";
  if (!pick.piece) return t("einstein-step-piece");
  if (!ghosts.length) return t("einstein-step-edge");
  return t(ghosts.length > 1 ? "einstein-step-ghost-turn" : "einstein-step-ghost");
}

export function board(ctx) {
  const { view, seat, names, legal, play, summary } = ctx;
  if (pick.version !== summary.version) pick = { version: summary.version, piece: null, edge: null, index: 0, center: null };
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
    for (const tile of e.inspirationCompleted.tiles ?? []) completedBy.set(tile, inspirationName(e.inspirationCompleted.card ?? 0));
  }

  // The Big Idea: every tile fitted into the drawing, or, when the edges a chosen piece may be
  // laid against would be too small or too close to tap, a window on it at a scale where each
  // edge's target is a disc of TARGET_PX and no two are nearer than SPACING_PX, panned by taps.
  const ghosts = pick.piece && pick.edge ? places.filter((p) => pieceKey(p.place) === pick.piece && edgeKey(p.place.via) === pick.edge) : [];
  const polys = tiles.map(corners);
  const ghostPoly = ghosts.length ? corners(ghosts[pick.index % ghosts.length].place) : null;
  const edges = pick.piece ? edgesFor(places, polys) : new Map();
  if (edges.has("start") && pick.edge !== "start") {
    pick.edge = "start";
    return board(ctx);
  }
  const boardH = narrow ? 360 : 440;
  const frame = { x: 20, y: 56, w: W - 40, h: boardH - 70 };
  const px = Math.max(0.2, ((ctx.width ?? 960) - 12) / W);
  const vp = viewport(polys, ghostPoly, edges, frame, px);
  const P = ([x, y]) => [frame.x + frame.w / 2 + (x - vp.cx) * vp.scale, frame.y + frame.h / 2 - (y - vp.cy) * vp.scale];
  const path = (poly) => poly.map(P).map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(1)},${y.toFixed(1)}`).join("") + "Z";
  parts.push(area(10, 10, W - 20, boardH, t("einstein-area-big-idea", { count: tiles.length }), { id: "big-idea" }));
  const step = seat !== null && seat !== undefined ? prompt(places, ghosts) : "";
  if (step) parts.push(text(22, 50, step, { class: "prompt" }));
  parts.push(el("clipPath", { id: "big-idea-window" }, el("rect", { x: frame.x, y: frame.y, width: frame.w, height: frame.h })));
  const drawing = el("g", { "clip-path": "url(#big-idea-window)", "data-zoomed": vp.zoomed ? "true" : "false" });
  parts.push(drawing);
  tiles.forEach((tile, n) => {
    const what = [t("einstein-tile", { field: fieldName(tile.field), pattern: patternName(tile.pattern), player: names(tile.owner ?? 0) })];
    if (lastTiles.has(n)) what.push(t("einstein-tile-just-placed"));
    if (shapeTiles.has(n)) what.push(t("einstein-tile-in-shape"));
    else if (completedBy.has(n)) what.push(t("einstein-tile-completed", { inspiration: completedBy.get(n) }));
    const cls = "tile" + (lastTiles.has(n) ? " last-move" : "") + (shapeTiles.has(n) ? " in-shape" : "") +
      (completedBy.has(n) ? " completed" : "");
    drawing.append(el("path", { d: path(polys[n]), fill: FIELD_COLOURS[tile.field ?? "FIELD_MATHEMATICS"], stroke: SEAT_COLOURS[tile.owner ?? 0], "stroke-width": 2.5, class: cls, "data-tile": n },
      el("title", {}, what.join(" "))));
  });
  if (!tiles.length) parts.push(text(W / 2, 80, t("einstein-no-tile-yet"), { class: "muted", "text-anchor": "middle" }));
  // Step 2: the free edges the chosen piece may be laid against, each a disc at its middle (a
  // band along an edge is too thin to tap and overlaps its neighbours at a tile's sharp
  // corners); only those inside the window. Step 3 draws the chosen edge alone, as a line.
  const r = TARGET_PX / 2 / px;
  const inside = ([x, y]) => x - r >= frame.x && x + r <= frame.x + frame.w && y - r >= frame.y && y + r <= frame.y + frame.h;
  let shown = 0;
  for (const [key, edge] of edges) {
    if (!edge.via) continue;
    const [a, b, mid] = [P(edge.a), P(edge.b), P(edge.mid)];
    if (pick.edge) {
      if (key === pick.edge) drawing.append(el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "edge-mark" }));
      continue;
    }
    if (!inside(mid)) continue;
    shown += 1;
    drawing.append(el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "edge-mark" }));
    const target = el("g", { class: "edge", "data-edge": key }, el("circle", { cx: mid[0], cy: mid[1], r, class: "edge-target" }));
    parts.push(control(target, t("einstein-lay-against", { edge: (edge.via.hostEdge ?? 0) + 1, tile: (edge.via.hostTile ?? 0) + 1 }), () => {
      pick.edge = key; pick.index = 0; pick.center = null; redraw();
    }, true));
  }
  // Step 3: the ghost of the tile where it would go.
  if (ghostPoly) {
    const candidate = ghosts[pick.index % ghosts.length];
    const ghost = el("path", { d: path(ghostPoly), fill: FIELD_COLOURS[candidate.place.field ?? "FIELD_MATHEMATICS"], class: "ghost", "data-ghost": "" });
    parts.push(control(ghost, t("einstein-place-here", { field: fieldName(candidate.place.field), pattern: patternName(candidate.place.pattern) }), () => play(candidate.move), true));
  }
  // Under the Big Idea, while this seat places: the turn to the next orientation and, on a
  // zoomed window, the pan buttons with how many of the edges are in view.
  const toolsH = places.length ? 52 : 0;
  if (toolsH) parts.push(...placementTools({ W, y: 10 + boardH + 6, ghosts, vp, frame, shown, total: [...edges.values()].filter((e) => e.via).length, px, redraw }));

  // The players: name, points, and every stock as tile shapes (the viewer's to choose from).
  let y = boardH + 20 + toolsH;
  const seats = view.seats ?? [];
  const chipW = narrow ? 50 : 52;
  const stockX = narrow ? 30 : 430;
  // A strip under each row for the completed Inspirations, once anyone has one.
  const most = Math.max(0, ...seats.map((s) => (s.completed ?? []).length));
  const baseH = narrow ? 112 : 64;
  const rowH = baseH + (most ? 48 : 0);
  const doneW = most ? Math.min(48, Math.floor((W - 60) / most) - 4) : 0;
  parts.push(area(10, y, W - 20, 40 + seats.length * rowH, t("einstein-area-players"), { id: "seats" }));
  const offered = new Set(places.map((p) => pieceKey(p.place)));
  seats.forEach((s, n) => {
    const top = y + 30 + n * rowH;
    const row = el("g", { class: "seat-row" + (n === seat ? " mine" : "") + (n === view.current && !view.over ? " active" : ""), "data-seat": n });
    row.append(el("rect", { x: 18, y: top - 4, width: W - 36, height: rowH - 6, rx: 8, class: "seat-bg" }));
    row.append(text(30, top + 16, t("einstein-seat-name", { player: names(n), einstein: t(EINSTEINS[s.einstein] ?? "einstein-einstein-unknown") }), { class: "seat-name" }));
    const facts = { points: s.score ?? 0, prestige: s.prestige ?? 0, inspirations: (s.completed ?? []).length, theories: (s.theories ?? []).length, hand: s.handSize ?? 0 };
    row.append(text(30, top + 36, t("einstein-seat-facts", facts), { class: "muted" }));
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
          const node = control(chip, t("einstein-choose-piece", { field: fieldName(field), pattern: patternName(pattern), count }), () => {
            pick.piece = key; pick.edge = null; pick.index = 0; pick.center = null; redraw();
          }, offered.has(key));
          node.setAttribute("aria-pressed", String(pick.piece === key));
          parts.push(node);
        } else {
          chip.append(el("title", {}, t("einstein-stock-of", { player: names(n), count, field: fieldName(field), pattern: patternName(pattern) })));
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
  const groups = [[t("einstein-area-theories", { deck: view.theoryDeckSize ?? 0, prestige: view.prestigeSupply ?? 0 }), "theory", theories]];
  if (seat !== null && seat !== undefined) groups.push([t("einstein-area-inspirations"), "inspiration", hand]);
  for (const [label, kind, ids] of groups) {
    const lines = Math.max(1, Math.ceil(ids.length / perLine));
    parts.push(area(10, y, W - 20, 36 + lines * (ch + 8), label, { id: `${kind}-cards` }));
    if (!ids.length) parts.push(text(24, y + 52, t("einstein-cards-none"), { class: "muted" }));
    ids.forEach((id, i) => parts.push(cardNode(20 + (i % perLine) * (cw + 8), y + 30 + Math.floor(i / perLine) * (ch + 8), cw, ch, kind, id)));
    y += 46 + lines * (ch + 8);
  }
  return svgBoard(W, y, t("einstein-board"), ...parts);
}

// The end's score table (rules 12, 14, 17): the stars of completed Inspirations and claimed
// Major Theories, plus Prestige tokens.
export function breakdown(view, names) {
  return {
    columns: ["einstein-score-inspirations", "einstein-score-theories", "einstein-score-prestige", "einstein-score-total"].map((key) => t(key)),
    rows: (view.seats ?? []).map((s, n) => {
      const fromCards = (s.completed ?? []).reduce((sum, id) => sum + inspiration(id).stars, 0);
      const fromTheories = (s.theories ?? []).reduce((sum, id) => sum + theory(id).stars, 0);
      return [names(n), ...[fromCards, fromTheories, s.prestige ?? 0, s.score ?? fromCards + fromTheories + (s.prestige ?? 0)].map(formatNumber)];
    }),
    note: t("einstein-score-note"),
  };
}

export function describe(event, names) {
  const player = (e) => names(e.seat ?? 0);
  if (event.ideaPlaced) {
    const p = event.ideaPlaced.place ?? {};
    return t("einstein-log-idea-placed", { player: player(event.ideaPlaced), field: fieldName(p.field), pattern: patternName(p.pattern) });
  }
  if (event.inspirationCompleted) {
    const id = event.inspirationCompleted.card ?? 0;
    return t("einstein-log-inspiration-completed", { player: player(event.inspirationCompleted), card: inspirationName(id), stars: stars(inspiration(id).stars) });
  }
  if (event.theoryClaimed) {
    const id = event.theoryClaimed.theory ?? 0;
    return t("einstein-log-theory-claimed", { player: player(event.theoryClaimed), card: theoryName(id), stars: stars(theory(id).stars) });
  }
  if (event.endTriggered) return t("einstein-log-end-triggered", { player: player(event.endTriggered) });
  if (event.turnEnded) return t("einstein-log-turn-ended", { player: player(event.turnEnded) });
  if (event.inspirationsDrawn) return t("einstein-log-inspirations-drawn", { player: player(event.inspirationsDrawn) });
  if (event.theoriesRevealed) return t("einstein-log-theories-revealed", { theories: plainList((event.theoriesRevealed.theories ?? []).map(theoryName)) });
  if (event.gameEnded) return t("einstein-log-game-ended", { scores: plainList((event.gameEnded.scores ?? []).map(formatNumber)) });
  return t("einstein-log-unknown");
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
