// The table at a match's end: where each seat's points came from, a column per source of
// points as the title's rules count them (the title's `breakdown`), then the total; each
// column's header right-aligned over its numbers.
import { h } from "./common.js";
import { formatNumber, t } from "./i18n.js";

// A cell's figure in the reader's digits; a cell that is not a number stays as the title wrote it.
const cell = (value) => (typeof value === "number" ? formatNumber(value) : String(value));

export function renderBreakdown(box, table) {
  box.hidden = !table;
  if (!table) return;
  box.replaceChildren(
    h("h3", {}, t("breakdown-heading")),
    h("table", { class: "breakdown" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("breakdown-seat")), ...table.columns.map((c) => h("th", { scope: "col", class: "num" }, c)))),
      h("tbody", {}, ...table.rows.map(([name, ...cells]) =>
        h("tr", {}, h("th", { scope: "row", dir: "auto" }, name), ...cells.map((c) => h("td", { class: "num" }, cell(c))))))),
    table.note ? h("p", { class: "muted" }, table.note) : null,
  );
}
