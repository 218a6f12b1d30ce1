// Erfinderteam (Inventors): the inventions on the table with the knowledge cubes already on
// them, every team's inventors (skills, goals, tired: for seats and spectators alike), tiles
// and patents, and the rewards being handed out. A move is made by clicking its parts: an
// inventor and an invention to work on it; an upgrade tile, an inventor and a discipline to
// upgrade; a reward tile or the patent; or an action button.
// Every text is the title's catalogue's (locales/1/<lang>/board.ftl), by key; an invention's
// name (by its id) and an inventor's (by the data's name) too.
import { formatNumber, t } from "../i18n.js";
import { area, plainList, board as svgBoard, control, el, explain, text } from "../svg.js";

const DISCIPLINES = ["DISCIPLINE_PHYSICS", "DISCIPLINE_CHEMISTRY", "DISCIPLINE_MECHANICS", "DISCIPLINE_MATHEMATICS"];
// A discipline's short name, by its index in DISCIPLINES.
const SHORT = ["inventors-discipline-physics", "inventors-discipline-chemistry", "inventors-discipline-mechanics", "inventors-discipline-mathematics"];
const short = (k) => t(SHORT[k] ?? "inventors-discipline-unknown");
const SLOT_FIELDS = ["physics", "chemistry", "mechanics", "mathematics"];
const TEAM_COLOURS = { TEAM_RED: "#d6453d", TEAM_YELLOW: "#e2b714", TEAM_PURPLE: "#8a4fc2", TEAM_GREEN: "#3a9a48", TEAM_BLUE: "#3d6fd6" };
const TEAMS = ["TEAM_RED", "TEAM_YELLOW", "TEAM_PURPLE", "TEAM_GREEN", "TEAM_BLUE"];
const TILE_NAMES = {
  TILE_VICTORY_1: "inventors-tile-victory-1", TILE_VICTORY_2: "inventors-tile-victory-2", TILE_VICTORY_3: "inventors-tile-victory-3",
  TILE_UPGRADE_2: "inventors-tile-upgrade-2", TILE_UPGRADE_3: "inventors-tile-upgrade-3", TILE_UPGRADE_4: "inventors-tile-upgrade-4",
  TILE_COFFEE: "inventors-tile-coffee", TILE_GENIUS: "inventors-tile-genius", TILE_STAR: "inventors-tile-star",
};
const tileName = (tile) => t(TILE_NAMES[tile] ?? "inventors-tile-unknown");
const tileNames = (tiles) => plainList((tiles ?? []).map(tileName));
// A team by its colour, a key per team.
const TEAM_NAMES = {
  TEAM_RED: "inventors-team-red", TEAM_YELLOW: "inventors-team-yellow", TEAM_PURPLE: "inventors-team-purple",
  TEAM_GREEN: "inventors-team-green", TEAM_BLUE: "inventors-team-blue",
};
const ACTIONS = [
  ["useCoffee", "inventors-action-coffee"], ["refresh", "inventors-action-refresh"], ["passTurn", "inventors-action-pass"],
  ["takePatent", "inventors-action-patent"], ["finishUpgrades", "inventors-action-finish-upgrades"], ["endTurn", "inventors-action-end-turn"],
];
let data = null;
let sel = { version: null, facet: {} };
let ctxTeams = [];
// The seats' teams as last drawn, for the event log's inventor names.

export async function setup() {
  if (data) return;
  const [inventions, teams] = await Promise.all(
    ["inventions", "teams"].map((name) => fetch(`/portal/data/inventors/${name}.json`).then((r) => r.json())),
  );
  const cards = inventions.ages.flatMap((age, n) =>
    age.inventions.map((card) => ({ ...card, age: n + 1, patentPoints: age.patent_points })));
  data = { inventions: [null, ...cards], teams: teams.teams };
}

const invention = (id) => data.inventions[id] ?? { fields: [0, 0, 0, 0], patentPoints: 0, category: 0 };
// An invention's name in the reader's language: a key per card, by its id.
const inventionName = (id) => t(`inventors-invention-${id}`);
// An inventor's name as the reader's language writes it ("Galilei", "گالیله").
const inventorName = (inventor) => (inventor ? t(`inventors-inventor-${inventor.name.toLowerCase()}`) : t("inventors-inventor-unknown"));
const teamOf = (seatView) => data.teams[TEAMS.indexOf(seatView.team ?? "TEAM_RED")] ?? data.teams[0];

// What a move is made of, as the board's elements name it.
function facets(move) {
  if (move.work) return { inventor: move.work.inventor ?? 0, invention: move.work.invention ?? 0 };
  if (move.upgrade) return { tile: move.upgrade.tile, inventor: move.upgrade.inventor ?? 0, discipline: move.upgrade.discipline };
  if (move.takeTile) return { reward: move.takeTile.tile };
  for (const [name] of ACTIONS) if (move[name]) return { action: name };
  return {};
}

const fits = (f, want) => Object.entries(want).every(([k, v]) => f[k] === v);

export function headline(view, names) {
  const phase = view.phase ?? "PHASE_MAIN";
  if (phase === "PHASE_OVER") return t("inventors-headline-over");
  if (phase === "PHASE_FINAL") return t("inventors-headline-final", { player: names((view.finalQueue ?? [0])[0]) });
  const age = view.age ?? 1;
  if (phase === "PHASE_REWARD") {
    return t("inventors-headline-reward", { age, player: names((view.reward?.queue ?? [0])[0]), invention: inventionName(view.reward?.invention ?? 0) });
  }
  return t(phase === "PHASE_MAIN" ? "inventors-headline-main" : "inventors-headline-after", { age, player: names(view.current ?? 0) });
}

export function board(ctx) {
  const { view, seat, names, legal, play, summary } = ctx;
  if (sel.version !== summary.version) sel = { version: summary.version, facet: {} };
  ctxTeams = (view.seats ?? []).map((s) => s.team ?? "TEAM_RED");
  const moves = legal.map((l) => ({ move: l.move, f: facets(l.move) }));
  const open = moves.filter((m) => fits(m.f, sel.facet));
  const isLegal = (facet) => !fits(sel.facet, facet) && open.some((m) => fits(m.f, facet));
  const choose = (facet) => () => {
    let want = { ...sel.facet, ...facet };
    if (!moves.some((m) => fits(m.f, want))) want = { ...facet };
    const done = moves.find((m) => fits(m.f, want) && Object.keys(m.f).every((k) => k in want));
    if (done) return play(done.move);
    if (!moves.some((m) => fits(m.f, want))) return play(facetMove(facet));
    sel.facet = want;
    ctx.redraw?.();
  };
  const chosen = (facet) => Object.keys(facet).length && fits(sel.facet, facet);
  const narrow = (ctx.width ?? 960) < 640;
  const W = narrow ? 460 : 960;
  const parts = [];
  // The last move, marked on the board: the invention worked on and the inventor sent, or the
  // discipline just upgraded.
  const last = ctx.last ?? [];
  const worked = last.find((e) => e.worked)?.worked;
  const upgraded = last.find((e) => e.upgraded)?.upgraded;
  const lastInvention = worked?.work?.invention ?? null;
  // Per team: the inventor it sent and the discipline it upgraded, if the last move was its.
  const marksOf = (n) => ({
    inventor: worked && (worked.seat ?? 0) === n ? worked.work?.inventor ?? 0 : null,
    upgrade: upgraded && (upgraded.seat ?? 0) === n ? `${upgraded.upgrade?.inventor ?? 0}/${upgraded.upgrade?.discipline}` : null,
  });

  // The table.
  const table = view.table ?? [];
  const perRow = narrow ? 2 : 5;
  const cw = (W - 40 - (perRow - 1) * 10) / perRow;
  const rows = Math.max(1, Math.ceil(table.length / perRow));
  const decks = plainList((view.deckSizes ?? []).map(formatNumber));
  parts.push(area(10, 10, W - 20, 36 + rows * 150, t("inventors-area-table", { age: view.age ?? 1, decks }), { id: "table" }));
  table.forEach((slot, i) => {
    const card = invention(slot.invention ?? 0);
    const name = inventionName(slot.invention ?? 0);
    const x = 20 + (i % perRow) * (cw + 10);
    const y = 34 + Math.floor(i / perRow) * 150;
    const facet = { invention: slot.invention ?? 0 };
    const node = el("g", { class: "invention" + (chosen(facet) ? " selected" : "") + (lastInvention === (slot.invention ?? 0) ? " last-move" : ""), "data-invention": slot.invention ?? 0 },
      el("rect", { x, y, width: cw, height: 140, rx: 8, class: "seat-bg card-face" }),
      text(x + 10, y + 20, name, { class: "seat-name" }));
    SLOT_FIELDS.forEach((field, d) => {
      const need = card.fields?.[d] ?? 0;
      if (!need) return;
      const cubes = slot[field] ?? [];
      const yy = y + 34 + d * 22;
      node.append(text(x + 10, yy + 12, short(d), { class: "muted" }));
      for (let c = 0; c < need; c++) {
        const owner = cubes[c];
        const colour = owner === undefined ? "none" : TEAM_COLOURS[(view.seats ?? [])[owner]?.team ?? "TEAM_RED"];
        node.append(el("rect", { x: x + 50 + c * 20, y: yy, width: 16, height: 16, rx: 3, fill: colour, class: "cube" }));
      }
    });
    node.append(text(x + 10, y + 130, (slot.tiles ?? []).length ? tileNames(slot.tiles) : t("inventors-no-tiles"), { class: "muted" }));
    parts.push(control(node, t("inventors-work-on", { invention: name }), choose(facet), isLegal(facet)));
  });
  let y = 46 + rows * 150 + 10;

  // Rewards being handed out.
  if (view.reward) {
    const r = view.reward;
    parts.push(area(10, y, W - 20, 80, t("inventors-area-rewards", { invention: inventionName(r.invention ?? 0) }), { id: "rewards" }));
    (r.tiles ?? []).forEach((tile, i) => {
      const facet = { reward: tile };
      const node = el("g", { class: "reward-tile", "data-reward": tile },
        el("rect", { x: 24 + i * 110, y: y + 30, width: 100, height: 40, rx: 6, class: "seat-bg card-face" }),
        text(74 + i * 110, y + 55, tileName(tile), { "text-anchor": "middle" }));
      parts.push(control(node, t("inventors-take-tile", { tile: tileName(tile) }), choose(facet), isLegal(facet)));
    });
    if (r.patent) parts.push(text(W - 220, y + 55, t("inventors-patent-here"), { class: "muted" }));
    y += 90;
  }

  // The teams: every team's inventors (skills, goals, tired), as the view carries them for
  // seats and spectators alike; only the viewer's own are controls.
  const seats = view.seats ?? [];
  const rowH = narrow ? 46 + 2 * CARDS.narrow.line + 14 : 190;
  parts.push(area(10, y, W - 20, 34 + seats.length * rowH, t("inventors-area-teams"), { id: "teams" }));
  let top = y + 30;
  seats.forEach((s, n) => {
    const team = teamOf(s);
    const mine = n === seat;
    const row = el("g", { class: "seat-row" + (mine ? " mine" : "") + (n === view.current ? " active" : ""), "data-seat": n });
    row.append(el("rect", { x: 18, y: top - 4, width: W - 36, height: rowH - 8, rx: 8, class: "seat-bg" }));
    row.append(el("rect", { x: 26, y: top + 4, width: 12, height: 12, rx: 2, fill: TEAM_COLOURS[s.team ?? "TEAM_RED"] }));
    const teamName = t(TEAM_NAMES[s.team ?? "TEAM_RED"] ?? "inventors-team-red");
    row.append(text(44, top + 15, t("inventors-team-line", { player: names(n), team: teamName }), { class: "seat-name" }));
    const counts = { points: s.score ?? 0, cubes: s.supply ?? 0, patents: (s.patents ?? []).length };
    const held = (s.held ?? []).length ? tileNames(s.held) : t("inventors-tiles-none");
    row.append(text(44, top + 36, t("inventors-team-facts", { ...counts, tiles: held }), { class: "muted" }));
    explain(row, t("inventors-explain-team", { player: names(n), ...counts }));
    parts.push(row);
    parts.push(...inventorCards({ s, n, team, mine, top, W, narrow, names, marks: marksOf(n), chosen, choose, isLegal }));
    if (mine) {
      // Held tiles usable now (upgrades, coffee), as buttons beside the team's name.
      (s.held ?? []).filter((tile, i, all) => all.indexOf(tile) === i && moves.some((m) => m.f.tile === tile)).forEach((tile, i) => {
        const facet = { tile };
        const node = el("g", { class: "held-tile" + (chosen(facet) ? " selected" : ""), "data-tile": tile },
          el("rect", { x: W - 150 - i * 120, y: top - 2, width: 110, height: narrow ? 32 : 26, rx: 5, class: "seat-bg card-face" }),
          text(W - 95 - i * 120, top + 15, t("inventors-use-short", { tile: tileName(tile) }), { "text-anchor": "middle" }));
        parts.push(control(node, t("inventors-use-tile", { tile: tileName(tile) }), choose(facet), isLegal(facet)));
      });
    }
    top += rowH;
  });
  y = top + 14;

  // Actions that are moves of their own.
  const buttons = ACTIONS.filter(([name]) => moves.some((m) => m.f.action === name));
  if (buttons.length) {
    parts.push(area(10, y, W - 20, 70, t("inventors-area-actions"), { id: "actions" }));
    buttons.forEach(([name, key], i) => {
      const label = t(key);
      const facet = { action: name };
      const x = 24 + i * 150;
      const node = el("g", { class: "action", "data-action": name },
        el("rect", { x, y: y + 28, width: 140, height: 32, rx: 6, class: "seat-bg card-face" }),
        text(x + 70, y + 49, label, { "text-anchor": "middle" }));
      parts.push(control(node, label, choose(facet), isLegal(facet)));
    });
    y += 80;
  }
  return svgBoard(W, y, t("inventors-board"), ...parts);
}

// A team's four inventors as cards: the name plate (tired inventors grey with dark text, never
// grey on the team's colour) and a row per discipline, its knowledge and the goal. On a phone
// two rows of two, so their rows stay readable. The viewer's own are controls (an inventor to
// send to work, a discipline to upgrade); another team's explain themselves on hover.
// An inventor card's measures: its name plate, a discipline's row and the step between rows,
// the card and the line of cards. On a phone the board is drawn at about 3/4 of its units, so
// plates and rows are 32 units high there: every one a target of at least 24 CSS px.
const CARDS = {
  wide: { plate: 24, row: 20, step: 23, height: 124, line: 130 },
  narrow: { plate: 32, row: 32, step: 34, height: 174, line: 180 },
};

function inventorCards({ s, n, team, mine, top, W, narrow, names, marks, chosen, choose, isLegal }) {
  const perLine = narrow ? 2 : 4;
  const iw = (W - 60) / perLine;
  const player = names(n);
  const size = narrow ? CARDS.narrow : CARDS.wide;
  return team.inventors.flatMap((inventor, i) => {
    const x = 30 + (i % perLine) * (iw + 4);
    const yy = top + 46 + Math.floor(i / perLine) * size.line;
    const active = (s.active ?? [])[i] ?? false;
    const facet = { inventor: i };
    const knowledge = (k) => (s.knowledge ?? [])[i * 4 + k] ?? 0;
    const met = inventor.goal.every((g, k) => !g || knowledge(k) >= g);
    const out = [el("rect", { x, y: yy, width: iw, height: size.height, rx: 8, class: active ? "inventor-card" : "inventor-card tired", "data-team-seat": n })];
    const node = el("g", { class: "inventor" + (mine && chosen(facet) ? " selected" : "") + (active ? "" : " tired") + (marks.inventor === i ? " last-move" : ""), "data-inventor": i, "data-seat": n },
      el("rect", { x: x + 2, y: yy + 2, width: iw - 4, height: size.plate, rx: 6, class: "card-face plate", fill: active ? TEAM_COLOURS[s.team ?? "TEAM_RED"] : "#d0d5dd" }),
      text(x + 8, yy + 7 + size.plate / 2, t("inventors-plate", { inventor: inventorName(inventor), tired: active ? "no" : "yes", met: met ? "yes" : "no", points: inventor.points }), { class: "card-small inventor-name" }));
    const aboutArgs = { player, inventor: inventorName(inventor), tired: active ? "no" : "yes", met: met ? "yes" : "no", points: inventor.points };
    const about = t(mine ? "inventors-explain-own-inventor" : "inventors-explain-inventor", aboutArgs);
    out.push(mine ? control(node, about, choose(facet), isLegal(facet)) : explain(node, about));
    DISCIPLINES.forEach((d, k) => {
      const cell = { inventor: i, discipline: d };
      const target = inventor.goal[k];
      const value = knowledge(k);
      const row = el("g", { class: "knowledge" + (marks.upgrade === `${i}/${d}` ? " last-move" : ""), "data-knowledge": `${i}/${k}`, "data-seat": n },
        el("rect", { x: x + 8, y: yy + size.plate + 4 + k * size.step, width: iw - 16, height: size.row, rx: 4, fill: "#f2f4f7", class: "card-face" }),
        text(x + 14, yy + size.plate + 9 + size.row / 2 + k * size.step,
          target ? t("inventors-knowledge-goal", { discipline: short(k), value, goal: target }) : t("inventors-knowledge", { discipline: short(k), value }),
          { class: "card-small knowledge-text" }));
      const what = t(target ? "inventors-explain-knowledge-goal" : "inventors-explain-knowledge", { inventor: inventorName(inventor), discipline: short(k), value, goal: target ?? 0 });
      out.push(mine ? control(row, what, choose(cell), isLegal(cell)) : explain(row, what));
    });
    return out;
  });
}

// The best split of patents (by category) and star tiles into series (rules 11): a series is
// 0, 1, ..., k, each number from a patent of that category or a star; it scores k. The same
// search as the engine's scoring, so the table adds up to the score it reports.
const CATEGORIES = 6;
function seriesBonus(counts, stars, memo = new Map()) {
  const key = `${counts.join(",")}/${stars}`;
  if (memo.has(key)) return memo.get(key);
  let best = 0;
  const left = [...counts];
  let spare = stars;
  for (let top = 0; top < CATEGORIES + stars; top++) {
    if (top < CATEGORIES && left[top]) left[top] -= 1;
    else if (spare) spare -= 1;
    else break;
    if (top) best = Math.max(best, top + seriesBonus(left, spare, memo));
  }
  memo.set(key, best);
  return best;
}

const VICTORY = { TILE_VICTORY_1: 1, TILE_VICTORY_2: 2, TILE_VICTORY_3: 3 };

// One seat's points by source (rules 11): goals met, victory-point tiles, patents, series.
function scoreParts(seatView) {
  const team = teamOf(seatView);
  const knowledge = seatView.knowledge ?? [];
  const goals = team.inventors.reduce((sum, inventor, i) =>
    sum + (inventor.goal.every((g, k) => !g || (knowledge[i * 4 + k] ?? 0) >= g) ? inventor.points : 0), 0);
  const held = seatView.held ?? [];
  const victory = held.reduce((sum, t) => sum + (VICTORY[t] ?? 0), 0);
  const cards = (seatView.patents ?? []).map(invention);
  const patents = cards.reduce((sum, card) => sum + card.patentPoints, 0);
  const counts = Array(CATEGORIES).fill(0);
  for (const card of cards) counts[card.category] += 1;
  const series = seriesBonus(counts, held.filter((t) => t === "TILE_STAR").length);
  return { goals, victory, patents, series, total: goals + victory + patents + series };
}

export function breakdown(view, names) {
  return {
    columns: ["inventors-score-goals", "inventors-score-tiles", "inventors-score-patents", "inventors-score-series", "inventors-score-total"].map((key) => t(key)),
    rows: (view.seats ?? []).map((s, n) => {
      const parts = scoreParts(s);
      return [names(n), ...[parts.goals, parts.victory, parts.patents, parts.series, s.score ?? parts.total].map(formatNumber)];
    }),
    note: t("inventors-score-note"),
  };
}

function facetMove(facet) {
  if (facet.action) return { [facet.action]: {} };
  if (facet.reward) return { takeTile: { tile: facet.reward } };
  return { work: { inventor: facet.inventor ?? 0, invention: facet.invention ?? 0 } };
}

export function describe(event, names) {
  const [kind, body] = Object.entries(event)[0] ?? ["", {}];
  const player = names(body?.seat ?? 0);
  const inventorOf = (index) => {
    const team = data.teams[TEAMS.indexOf(ctxTeams[body.seat ?? 0] ?? "TEAM_RED")] ?? data.teams[0];
    return inventorName(team.inventors[index ?? 0]);
  };
  const inventionOf = inventionName(body?.invention ?? 0);
  switch (kind) {
    case "ageStarted": return t("inventors-log-age-started", { age: body.age ?? 1, inventions: plainList((body.revealed ?? []).map((r) => inventionName(r.invention ?? 0))) });
    case "worked": return t("inventors-log-worked", { player, inventor: inventorOf(body.work?.inventor), invention: inventionName(body.work?.invention ?? 0) });
    case "inventionFinished": return t("inventors-log-invention-finished", { invention: inventionOf });
    case "rewardTaken":
      if (body.patent) return t("inventors-log-took-patent", { player, invention: inventionOf });
      if (body.tile) return t("inventors-log-took-tile", { player, tile: tileName(body.tile.tile), invention: inventionOf });
      return t("inventors-log-took-reward", { player, invention: inventionOf });
    case "upgraded": {
      const k = DISCIPLINES.indexOf(body.upgrade?.discipline ?? "DISCIPLINE_PHYSICS");
      return t("inventors-log-upgraded", { player, inventor: inventorOf(body.upgrade?.inventor), discipline: short(k), value: body.knowledge ?? 0 });
    }
    case "coffeeUsed": return t("inventors-log-coffee", { player });
    case "refreshed": return t("inventors-log-refreshed", { player });
    case "passed": return t("inventors-log-passed", { player });
    case "turnEnded": return t("inventors-log-turn-ended", { player });
    case "ageEnded": return t("inventors-log-age-ended", { age: body.age ?? 1 });
    case "finalDone": return t("inventors-log-final-done", { player });
    case "gameEnded": return t("inventors-log-game-ended", { scores: plainList((body.scores ?? []).map(formatNumber)) });
    default: return kind || t("inventors-log-unknown");
  }
}

// For the replay viewer: the table and the teams rebuilt from the public events, one at a time
// (each seat starts with its team's knowledge and 15 cubes, rule 1; teams in table order).
export function replayStart(summary) {
  return {
    age: 1,
    phase: "PHASE_MAIN",
    current: 0,
    table: [],
    reward: null,
    seats: (summary.seats ?? []).map((_, n) => ({
      team: TEAMS[n],
      knowledge: data.teams[n].inventors.flatMap((inventor) => inventor.knowledge),
      active: [true, true, true, true],
      held: [],
      patents: [],
      supply: 15,
      score: 0,
    })),
  };
}

export function replayStep(view, event) {
  const [kind, body] = Object.entries(event)[0] ?? ["", {}];
  ctxTeams = view.seats.map((s) => s.team);
  const seat = view.seats[body?.seat ?? 0];
  const drop = (tile) => {
    const at = seat.held.indexOf(tile);
    if (at >= 0) seat.held.splice(at, 1);
  };
  const giveBack = (slot) => {
    for (const field of SLOT_FIELDS) for (const owner of slot[field] ?? []) view.seats[owner].supply += 1;
  };
  switch (kind) {
    case "ageStarted":
      view.age = body.age ?? 1;
      view.table = (body.revealed ?? []).map((r) => ({ invention: r.invention ?? 0, tiles: [...(r.tiles ?? [])] }));
      view.reward = null;
      break;
    case "worked": {
      const slot = view.table.find((t) => t.invention === (body.work?.invention ?? 0));
      (body.placed ?? []).forEach((count, d) => {
        if (!slot) return;
        for (let c = 0; c < count; c++) (slot[SLOT_FIELDS[d]] ??= []).push(body.seat ?? 0);
        seat.supply -= count;
      });
      seat.active[body.work?.inventor ?? 0] = false;
      if ((body.work?.genius ?? []).length) drop("TILE_GENIUS");
      view.current = body.seat ?? 0;
      view.phase = "PHASE_AFTER";
      break;
    }
    case "upgraded": {
      const k = DISCIPLINES.indexOf(body.upgrade?.discipline ?? "DISCIPLINE_PHYSICS");
      seat.knowledge[(body.upgrade?.inventor ?? 0) * 4 + k] = body.knowledge ?? 0;
      drop(body.upgrade?.tile);
      break;
    }
    case "coffeeUsed":
      seat.active = [true, true, true, true];
      drop("TILE_COFFEE");
      break;
    case "refreshed":
      seat.active = [true, true, true, true];
      view.current = body.seat ?? 0;
      view.phase = "PHASE_AFTER";
      break;
    case "inventionFinished": {
      const slot = view.table.find((t) => t.invention === (body.invention ?? 0));
      if (slot) {
        giveBack(slot);
        view.table = view.table.filter((t) => t !== slot);
        view.reward = { invention: slot.invention, tiles: [...slot.tiles], patent: true, queue: body.ranking ?? [] };
        view.phase = "PHASE_REWARD";
      }
      break;
    }
    case "rewardTaken":
      if (body.patent) seat.patents.push(body.invention ?? 0);
      if (body.tile) seat.held.push(body.tile.tile);
      if (view.reward) {
        if (body.patent) view.reward.patent = false;
        if (body.tile) {
          const at = view.reward.tiles.indexOf(body.tile.tile);
          if (at >= 0) view.reward.tiles.splice(at, 1);
        }
        view.reward.queue = view.reward.queue.slice(1);
      }
      break;
    case "ageEnded":
      for (const id of body.discarded ?? []) {
        const slot = view.table.find((t) => t.invention === id);
        if (slot) giveBack(slot);
      }
      view.table = view.table.filter((t) => !(body.discarded ?? []).includes(t.invention));
      view.reward = null;
      if ((body.age ?? 1) >= 3) view.phase = "PHASE_FINAL";
      break;
    case "turnEnded":
    case "passed":
      view.reward = null;
      view.phase = view.phase === "PHASE_FINAL" ? "PHASE_FINAL" : "PHASE_MAIN";
      view.current = ((body.seat ?? 0) + 1) % view.seats.length;
      break;
    case "gameEnded":
      view.phase = "PHASE_OVER";
      view.reward = null;
      break;
    default:
      break;
  }
  view.seats.forEach((s) => { s.score = scoreParts(s).total; });
  if (kind === "gameEnded") (body.scores ?? []).forEach((score, n) => { view.seats[n].score = score; });
  return view;
}
