// The table at a match's end: where each seat's points came from, a column per source of
// points as the title's rules count them (the title's `breakdown`), then the total; each
// column's header right-aligned over its numbers.
import { h } from "./common.js";

export function renderBreakdown(box, table) {
  box.hidden = !table;
  if (!table) return;
  box.replaceChildren(
    h("h3", {}, "Where the points came from"),
    h("table", { class: "breakdown" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Seat"), ...table.columns.map((c) => h("th", { scope: "col", class: "num" }, c)))),
      h("tbody", {}, ...table.rows.map(([name, ...cells]) =>
        h("tr", {}, h("th", { scope: "row" }, name), ...cells.map((c) => h("td", { class: "num" }, String(c))))))),
    table.note ? h("p", { class: "muted" }, table.note) : null,
  );
}
