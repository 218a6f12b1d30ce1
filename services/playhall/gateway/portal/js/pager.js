// Pages through a paged call (page_token in, next_page_token out) with a pair of buttons: it
// keeps the token of every page seen so far, so going back asks for the same page again. With
// a page size and the catalogue keys of its entries' ranges ("places 21–40", "places from 41")
// each button and the page's line say which entries they show ("Previous: places 1–20",
// "page 2: places 21–40").
import { t } from "./i18n.js";

export class Pager {
  // load(pageToken) resolves to a response; show(response) draws it and returns how many
  // entries it drew; prev/next are buttons and where an element that says which page this
  // is; size and the keys `range` (arguments from, to) and `onwards` (argument from) name the
  // ranges (without them the buttons keep their own words).
  constructor(load, show, { prev, next, where, size = 0, range = "", onwards = "" }) {
    Object.assign(this, { load, show, prev, next, where, size, rangeKey: range, onwardsKey: onwards });
    this.labels = [prev.textContent, next.textContent];
    this.tokens = [""];
    this.index = 0;
    prev.addEventListener("click", () => this.go(this.index - 1));
    next.addEventListener("click", () => this.go(this.index + 1));
  }

  restart() {
    this.tokens = [""];
    return this.go(0);
  }

  // "places 21–40" for entries `from` (from 1) to `to`.
  range(from, to) {
    return t(this.rangeKey, { from, to });
  }

  async go(index) {
    if (index < 0 || index >= this.tokens.length) return;
    const before = [this.prev.disabled, this.next.disabled];
    this.prev.disabled = this.next.disabled = true;
    let response;
    try {
      response = await this.load(this.tokens[index]);
    } catch (error) {
      [this.prev.disabled, this.next.disabled] = before;
      throw error;
    }
    this.index = index;
    this.tokens.length = index + 1;
    if (response.nextPageToken) this.tokens.push(response.nextPageToken);
    const shown = Number(this.show(response) ?? 0);
    this.prev.disabled = index === 0;
    this.next.disabled = !response.nextPageToken;
    this.label(index, shown);
  }

  label(index, shown) {
    const first = index * this.size + 1;
    const page = index + 1;
    if (!this.size || !this.rangeKey) {
      this.where.textContent = t("common-pager-page", { page });
      return;
    }
    this.where.textContent = shown
      ? t("common-pager-page-range", { page, range: this.range(first, first + shown - 1) }) : t("common-pager-page", { page });
    const [previous, following] = this.labels;
    this.prev.textContent = index
      ? t("common-pager-button", { button: previous, range: this.range(first - this.size, first - 1) }) : previous;
    this.next.textContent = this.tokens.length > index + 1
      ? t("common-pager-button", { button: following, range: t(this.onwardsKey, { from: first + this.size }) }) : following;
  }
}
