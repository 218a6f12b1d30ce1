// The board of a title that has no page of its own yet: the view's fields in labelled areas
// and every legal move as a control. A stopgap only (tests/unit/test_portal.py fails until
// the title has js/titles/<title>.js): it shows everything, but nothing like the game. Its few
// words are the platform's (portal-table.ftl): the title has no catalogue of its board yet; the
// view's fields and values are shown as the wire names them.
import { t } from "../i18n.js";
import { area, board as svgBoard, control, text } from "../svg.js";

function flat(value, prefix = "") {
  if (value === null || typeof value !== "object") return [[prefix, String(value)]];
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== "object")) return [[prefix, value.join(", ")]];
    return value.flatMap((v, i) => flat(v, `${prefix}[${i}]`));
  }
  return Object.entries(value).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k));
}

export function headline() {
  return t("table-generic-headline");
}

export function board(ctx) {
  const W = 960;
  const parts = [];
  const lines = flat(ctx.view).slice(0, 60);
  parts.push(area(10, 10, W - 20, 34 + lines.length * 18, t("table-generic-view")));
  lines.forEach(([k, v], i) => parts.push(text(24, 44 + i * 18, `${k}: ${v}`.slice(0, 140), { class: "muted" })));
  const top = 54 + lines.length * 18;
  parts.push(area(10, top, W - 20, 34 + ctx.legal.length * 30, t("table-generic-moves")));
  ctx.legal.forEach((legal, i) => {
    const label = flat(legal.move).filter(([k]) => k !== "@type").map(([k, v]) => `${k} ${v}`).join(", ");
    const node = text(24, top + 48 + i * 30, label || t("table-generic-move"));
    parts.push(control(node, label, () => ctx.play(legal.move), true));
  });
  return svgBoard(W, top + 44 + ctx.legal.length * 30, t("table-generic-board"), ...parts);
}

export function describe(event) {
  return flat(event).map(([k, v]) => `${k} ${v}`).join(", ");
}

// For the replay viewer: the events so far, as they are.
export function replayStart() {
  return { events: [] };
}

export function replayStep(view, event) {
  view.events.push(event);
  return view;
}
