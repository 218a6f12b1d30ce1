// Einstein: the shared pattern of Idea tiles (The Big Idea), drawn from the tiles' exact
// lattice positions. A placement takes three clicks: a tile kind from your stock, a highlighted
// free edge of a placed tile to lay it against, then the ghost of the tile where it would go
// (the turn arrow cycles its legal orientations on that edge).
import { area, board as svgBoard, control, el, text } from "../svg.js";

const FIELDS = ["FIELD_MATHEMATICS", "FIELD_PHYSICS", "FIELD_PHILOSOPHY", "FIELD_CHEMISTRY"];
const FIELD_NAMES = { FIELD_MATHEMATICS: "mathematics", FIELD_PHYSICS: "physics", FIELD_PHILOSOPHY: "philosophy", FIELD_CHEMISTRY: "chemistry" };
const FIELD_COLOURS = { FIELD_MATHEMATICS: "#3d6fd6", FIELD_PHYSICS: "#d6453d", FIELD_PHILOSOPHY: "#3a9a48", FIELD_CHEMISTRY: "#e2a21a" };
const SEAT_COLOURS = ["#ffffff", "#222222", "#b05cc8", "#20b2aa"];
const EINSTEINS = { EINSTEIN_YOUNG: "Young", EINSTEIN_PRIME: "Prime", EINSTEIN_GLOBETROTTING: "Globetrotting", EINSTEIN_WISE: "Wise" };
let shapes = null;
let pick = { version: null, piece: null, edge: null, index: 0 };

export async function setup() {
  if (shapes) return;
  const data = await (await fetch("/portal/data/einstein/shapes.json")).json();
  shapes = data.shapes.map((shape) => {
    const directions = [0];
    for (let c = 1; c < shape.angles.length; c++) directions.push(directions[c - 1] + (180 - shape.angles[c]) / 36);
    return { name: shape.name, directions };
  });
}

const cos36 = (k) => Math.cos((k * Math.PI) / 5);
const sin36 = (k) => Math.sin((k * Math.PI) / 5);
function xy(point) {
  const a = [point?.one ?? 0, point?.zeta ?? 0, point?.zetaSquared ?? 0, point?.zetaCubed ?? 0];
  return [a.reduce((s, c, k) => s + c * cos36(k), 0), a.reduce((s, c, k) => s + c * sin36(k), 0)];
}

// A tile's corners in the plane: corner 0 at its origin, edge i turned by its rotation.
function corners(tile) {
  const shape = shapes[FIELDS.indexOf(tile.field ?? "FIELD_MATHEMATICS")];
  let [x, y] = xy(tile.origin);
  const out = [[x, y]];
  shape.directions.slice(0, -1).forEach((d) => {
    x += cos36(d + (tile.rotation ?? 0));
    y += sin36(d + (tile.rotation ?? 0));
    out.push([x, y]);
  });
  return out;
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

export function board(ctx) {
  const { view, seat, names, legal, play, summary } = ctx;
  if (pick.version !== summary.version) pick = { version: summary.version, piece: null, edge: null, index: 0 };
  const redraw = () => ctx.redraw?.();
  const places = legal.filter((l) => l.move.place).map((l) => ({ ...l, place: l.move.place }));
  const tiles = view.tiles ?? [];
  const narrow = (ctx.width ?? 960) < 640;
  const W = narrow ? 460 : 960;
  const parts = [];

  // The Big Idea: fit every tile (and the ghosts) into the drawing.
  const ghosts = pick.piece && pick.edge ? places.filter((p) => pieceKey(p.place) === pick.piece && edgeKey(p.place.via) === pick.edge) : [];
  const polys = tiles.map(corners);
  const ghostPoly = ghosts.length ? corners(ghosts[pick.index % ghosts.length].place) : null;
  const all = [...polys.flat(), ...(ghostPoly ?? []), [0, 0]];
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs) - 1, Math.max(...xs) + 1, Math.min(...ys) - 1, Math.max(...ys) + 1];
  const boardH = narrow ? 360 : 440;
  const scale = Math.min((W - 40) / (maxX - minX), (boardH - 50) / (maxY - minY), 60);
  const ox = 20 + ((W - 40) - (maxX - minX) * scale) / 2;
  const oy = 36 + ((boardH - 50) - (maxY - minY) * scale) / 2;
  const P = ([x, y]) => [ox + (x - minX) * scale, oy + (maxY - y) * scale];
  const path = (poly) => poly.map(P).map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(1)},${y.toFixed(1)}`).join("") + "Z";
  parts.push(area(10, 10, W - 20, boardH, `The Big Idea: ${tiles.length} tiles`, { id: "big-idea" }));
  tiles.forEach((tile, n) => {
    parts.push(el("path", { d: path(polys[n]), fill: FIELD_COLOURS[tile.field ?? "FIELD_MATHEMATICS"], stroke: SEAT_COLOURS[tile.owner ?? 0], "stroke-width": 2.5, class: "tile", "data-tile": n },
      el("title", {}, `${FIELD_NAMES[tile.field ?? "FIELD_MATHEMATICS"]} ${patternName(tile.pattern)} by ${names(tile.owner ?? 0)}`)));
  });
  if (!tiles.length) parts.push(text(W / 2, 60, "No tile yet: the first goes on the centre", { class: "muted", "text-anchor": "middle" }));
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
      const turn = el("g", { class: "turn-button" }, el("rect", { x: W - 190, y: 20, width: 170, height: 30, rx: 6 }),
        text(W - 105, 40, `turn it (${(pick.index % ghosts.length) + 1} of ${ghosts.length})`, { "text-anchor": "middle" }));
      parts.push(control(turn, "Try the next orientation", () => { pick.index += 1; redraw(); }, false, true));
    }
  }

  // Stocks: every seat's tiles left, and the viewer's to choose from.
  let y = boardH + 20;
  const seats = view.seats ?? [];
  parts.push(area(10, y, W - 20, 40 + seats.length * 58, "Players: tiles left, Inspirations, Theories, Prestige", { id: "seats" }));
  const offered = new Set(places.map((p) => pieceKey(p.place)));
  seats.forEach((s, n) => {
    const top = y + 30 + n * 58;
    const row = el("g", { class: "seat-row" + (n === seat ? " mine" : "") + (n === view.current && !view.over ? " active" : ""), "data-seat": n });
    row.append(el("rect", { x: 18, y: top - 4, width: W - 36, height: 52, rx: 8, class: "seat-bg" }));
    row.append(text(30, top + 16, `${names(n)} · ${EINSTEINS[s.einstein] ?? ""} Einstein`, { class: "seat-name" }));
    row.append(text(30, top + 36, `${s.score ?? 0} points · ${s.prestige ?? 0} prestige · ${(s.completed ?? []).length} inspirations done · ${(s.theories ?? []).length} theories · hand ${s.handSize ?? 0}`, { class: "muted" }));
    parts.push(row);
    (s.stock ?? []).forEach((stock, i) => {
      ["PATTERN_A", "PATTERN_B"].forEach((pattern, j) => {
        const count = pattern === "PATTERN_A" ? stock.patternA ?? 0 : stock.patternB ?? 0;
        const key = `${stock.field ?? "FIELD_MATHEMATICS"}/${pattern}`;
        const x = (narrow ? 200 : 560) + (i * 2 + j) * (narrow ? 31 : 47);
        if (narrow && n !== seat) return;
        const chip = el("g", { class: "stock" + (pick.piece === key ? " selected" : ""), "data-piece": key },
          el("rect", { x, y: top + 4, width: narrow ? 28 : 42, height: 36, rx: 5, fill: FIELD_COLOURS[stock.field ?? "FIELD_MATHEMATICS"], class: "card-face" }),
          text(x + (narrow ? 14 : 21), top + 20, `${patternName(pattern)}`, { class: "card-small", "text-anchor": "middle" }),
          text(x + (narrow ? 14 : 21), top + 36, `${count}`, { class: "card-small", "text-anchor": "middle" }));
        if (n === seat) {
          parts.push(control(chip, `Choose a ${FIELD_NAMES[stock.field ?? "FIELD_MATHEMATICS"]} tile, pattern ${patternName(pattern)} (${count} left)`, () => {
            pick.piece = key; pick.edge = null; pick.index = 0; redraw();
          }, offered.has(key) && pick.piece !== key));
        } else parts.push(chip);
      });
    });
  });
  y += 50 + seats.length * 58;
  const theories = view.theoriesUp ?? [];
  const hand = view.hand ?? [];
  parts.push(area(10, y, W - 20, 66, "Major Theories up, and your Inspirations", { id: "cards" }));
  parts.push(text(24, y + 44, `Theories: ${theories.map((t) => "#" + t).join(", ") || "none"} (deck ${view.theoryDeckSize ?? 0}, prestige left ${view.prestigeSupply ?? 0}) · your Inspirations: ${hand.map((c) => "#" + c).join(", ") || "none"}`, { class: "muted" }));
  return svgBoard(W, y + 76, "Einstein board", ...parts);
}

export function describe(event, names) {
  const seat = (e) => names(e.seat ?? 0);
  if (event.ideaPlaced) {
    const p = event.ideaPlaced.place ?? {};
    return `${seat(event.ideaPlaced)} placed a ${FIELD_NAMES[p.field ?? "FIELD_MATHEMATICS"]} tile (pattern ${patternName(p.pattern)})`;
  }
  if (event.inspirationCompleted) return `${seat(event.inspirationCompleted)} completed Inspiration #${event.inspirationCompleted.card ?? 0}`;
  if (event.theoryClaimed) return `${seat(event.theoryClaimed)} claimed Major Theory #${event.theoryClaimed.theory ?? 0}`;
  if (event.endTriggered) return `${seat(event.endTriggered)} triggered the end of the game`;
  if (event.turnEnded) return `${seat(event.turnEnded)} ended their turn`;
  if (event.inspirationsDrawn) return `${seat(event.inspirationsDrawn)} drew Inspirations`;
  if (event.theoriesRevealed) return "New Major Theories were turned up";
  if (event.gameEnded) return `Game over: scores ${(event.gameEnded.scores ?? []).join(", ")}`;
  return "something happened";
}
