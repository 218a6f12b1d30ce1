// Pages through a paged call (page_token in, next_page_token out) with Newer/Older buttons:
// it keeps the token of every page seen so far, so going back asks for the same page again.
export class Pager {
  // load(pageToken) resolves to a response; show(response) draws it; prev/next are buttons and
  // where an element that says which page this is.
  constructor(load, show, { prev, next, where }) {
    Object.assign(this, { load, show, prev, next, where });
    this.tokens = [""];
    this.index = 0;
    prev.addEventListener("click", () => this.go(this.index - 1));
    next.addEventListener("click", () => this.go(this.index + 1));
  }

  restart() {
    this.tokens = [""];
    return this.go(0);
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
    this.show(response);
    this.prev.disabled = index === 0;
    this.next.disabled = !response.nextPageToken;
    this.where.textContent = `page ${index + 1}`;
  }
}
