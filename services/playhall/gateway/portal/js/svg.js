// Building SVG boards: elements, labelled areas, and board elements a player can click or
// activate with the keyboard (Enter or Space), highlighted when the move they make is legal.
// Every control and every explained piece carries an SVG title: the browser shows it on hover,
// and the table's help (js/table.js) on a long press. Also the few ways the table's texts are
// put together in the reader's language (lists, a title's name), shared by boards and pages.
import { formatList, language, t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(name, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

export function text(x, y, content, attrs = {}) {
  return el("text", { x, y, ...attrs }, content);
}

// A labelled area: a rounded panel with its name in the corner.
export function area(x, y, width, height, label, attrs = {}) {
  return el(
    "g",
    { class: "area", "data-area": attrs.id || label },
    el("rect", { x, y, width, height, rx: 10, class: "area-bg" }),
    text(x + 12, y + 20, label, { class: "area-label" }),
  );
}

// Makes `node` a control: a click or Enter/Space calls `activate`. `legal` highlights it;
// an element that is not legal still submits on a click, so the engine's refusal is shown,
// but the Tab key skips it: the keyboard walks through what can be played now. A `tool`
// (a turn button, say) makes no move, so it is never marked as not playable.
export function control(node, label, activate, legal, tool = false) {
  if (!node.querySelector(":scope > title")) explain(node, label);
  node.setAttribute("tabindex", legal || tool ? "0" : "-1");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", legal || tool ? label : t("table-not-playable", { label }));
  node.classList.add("control");
  if (legal) node.classList.add("legal");
  node.addEventListener("click", activate);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      activate();
    }
  });
  return node;
}

// What a piece is, in the title's terms, as its hover text (an SVG title, the first child).
export function explain(node, about) {
  node.querySelector(":scope > title")?.remove();
  node.prepend(el("title", {}, about));
  return node;
}

export function board(width, height, title, ...children) {
  return el(
    "svg",
    // A group, not an image: a screen reader keeps the controls and the described pieces in it.
    { viewBox: `0 0 ${width} ${height}`, class: "board", role: "group", "aria-label": title },
    el("title", {}, title),
    ...children,
  );
}

// Items in a plain list as the reader's language writes one ("3, 5"; formatList's default is
// "A, B and C").
export const plainList = (items) => formatList(items, { type: "unit" });

// A sentence fragment that opens a line: its first letter in the reader's capitals.
export const capitalized = (words) => (words ? words[0].toLocaleUpperCase(language()) + words.slice(1) : words);

// A title's name from its catalogue (`<title>-name`), else the name the server gave.
export function titleName(titleId, fallback) {
  const key = `${titleId}-name`;
  const name = t(key);
  return name && name !== key ? name : fallback ?? titleId;
}
