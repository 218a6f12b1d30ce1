// The bell of every signed-in page's bar: the player's unread notices as a count, and their
// inbox as a dropdown (PlayerService.ListNotices, newest first, a page at a time). Each notice
// links to its page and is marked read when followed (MarkNoticesRead); "Mark all read" marks
// them all. The count is kept live by WatchNotices (a server stream: the unread count, then each
// new notice and each change of the count), reconnected when it drops.
//
// One stream per browser, not per tab: the tabs of this origin elect one (a Web Lock) to hold
// the stream and tell the others what it brings (a BroadcastChannel); a tab closing hands it on.
// HTTP/1.1 gives a browser six connections to the gateway, and a match page holds one already.
// Without Web Locks or BroadcastChannel each tab streams for itself.
//
// A notice that may change the player's turns (their turn, a reminder, an end, a seat left, a
// round or ticket seated) makes the Your turn count ask again (`myturn.js`), so it is live too.
//
// The tab: its title and favicon show what waits for the player (see `tabCount`).
import { call, stream } from "./connect.js";
import { h } from "./common.js";
import { formatDate, formatNumber, ready, t } from "./i18n.js";
import { MY_TURN, TURN_CHANGED, myTurn } from "./myturn.js";
import { CHANGED, currentPlayer, players } from "./players.js";
import { el } from "./svg.js";

const PLAYERS = "/playhall.players.v1.PlayerService/";
const PAGE = 20;
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;
// Following a notice waits this long for its read mark, then goes anyway.
const MARK_WAIT_MS = 3_000;
const LOCK = "playhall.notices";
const TURN_KINDS = new Set([
  "NOTICE_KIND_YOUR_TURN", "NOTICE_KIND_DEADLINE", "NOTICE_KIND_MATCH_ENDED", "NOTICE_KIND_SEAT_LEFT",
  "NOTICE_KIND_ROUND_PAIRED", "NOTICE_KIND_TICKET_MATCHED",
]);
const FAVICON = "/favicon.svg";
const FAVICON_BADGED = "/favicon-unread.svg";

// What the bell knows of the signed-in player's inbox: their unread count (null until the first
// answer), the notices loaded into the dropdown (null until it is first opened), whether older
// ones remain, and `off` where this deployment keeps no notices (the bell hides).
export const inbox = { playerId: null, unread: null, notices: null, more: false, off: false };

const channel = "BroadcastChannel" in window ? new BroadcastChannel(LOCK) : null;
let leading = !(channel && navigator.locks);
let controller = null;

export const unreadWords = (count) => t("notices-unread", { count });

// -- the stream (in the tab that holds it) ---------------------------------------------------

const sleep = (ms, signal) => new Promise((resolve) => {
  const timer = setTimeout(resolve, ms);
  signal.addEventListener("abort", () => { clearTimeout(timer); resolve(); }, { once: true });
});

async function follow(player, signal) {
  let delay = RETRY_MIN_MS;
  while (!signal.aborted) {
    try {
      await stream("WatchNotices", {}, (update) => {
        delay = RETRY_MIN_MS;
        const message = { type: "update", playerId: player.playerId, unread: Number(update.unread ?? 0), notice: update.notice ?? null };
        receive(message);
        channel?.postMessage(message);
      }, { token: player.token, signal, service: PLAYERS });
      // Ended by the gateway's deadline on streams: open the next one at once.
    } catch (error) {
      if (signal.aborted) return;
      if (error.code === "unimplemented") {
        const message = { type: "off", playerId: player.playerId };
        receive(message);
        channel?.postMessage(message);
        return;
      }
      if (error.code === "unauthenticated") {
        // A call through players() signs this browser out, saying why.
        players("ListNotices", { limit: 1 }).catch(() => {});
        return;
      }
      await sleep(delay, signal);
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    }
  }
}

function restart() {
  controller?.abort();
  controller = null;
  const player = currentPlayer();
  if (!leading || !player) return;
  controller = new AbortController();
  follow(player, controller.signal);
}

// -- what every tab does with an update --------------------------------------------------------

function receive(message) {
  const player = currentPlayer();
  if (!player || message.playerId !== player.playerId) return;
  if (message.type === "hello") return;
  if (message.type === "off") {
    inbox.off = true;
  } else {
    inbox.unread = Number(message.unread ?? 0);
    if (message.ids && inbox.notices) {
      const ids = new Set(message.ids.map(String));
      for (const notice of inbox.notices) if (message.all || ids.has(String(notice.id))) notice.read = true;
    }
    const notice = message.notice;
    if (notice) {
      if (inbox.notices && !inbox.notices.some((n) => String(n.id) === String(notice.id))) inbox.notices.unshift(notice);
      say(t("notices-new", { title: notice.title ?? "" }));
      if (TURN_KINDS.has(notice.kind)) dispatchEvent(new CustomEvent(TURN_CHANGED));
    }
  }
  render();
}

channel?.addEventListener("message", (event) => {
  const message = event.data ?? {};
  // A tab that just opened asks for the count; the one holding the stream answers.
  if (message.type === "hello" && leading && inbox.unread !== null && inbox.playerId === currentPlayer()?.playerId) {
    channel.postMessage({ type: "update", playerId: inbox.playerId, unread: inbox.unread });
    return;
  }
  receive(message);
});

function signedInAgain() {
  const player = currentPlayer();
  Object.assign(inbox, { playerId: player?.playerId ?? null, unread: null, notices: null, more: false, off: false });
  close();
  items.clear();
  parts.list?.replaceChildren();
  render();
  restart();
  if (player && !leading) channel?.postMessage({ type: "hello", playerId: player.playerId });
}

// -- reading and marking -----------------------------------------------------------------------

async function load(older = false) {
  const request = { limit: PAGE };
  if (older && inbox.notices?.length) request.beforeId = inbox.notices[inbox.notices.length - 1].id;
  const playerId = currentPlayer()?.playerId;
  const got = await players("ListNotices", request);
  if (currentPlayer()?.playerId !== playerId) return;
  const page = got.notices ?? [];
  inbox.notices = older ? [...(inbox.notices ?? []), ...page] : page;
  inbox.more = page.length === PAGE;
  inbox.unread = Number(got.unread ?? 0);
  render();
}

// Marks notices read (`ids`, or all of them) and tells the other tabs the new count.
async function markRead(ids, all = false, timeoutMs = 10_000) {
  const player = currentPlayer();
  if (!player) return;
  const request = all ? { all: true } : { ids: ids.map(String) };
  const got = await call("MarkNoticesRead", request, { token: player.token, service: PLAYERS, timeoutMs });
  const message = { type: "read", playerId: player.playerId, unread: Number(got.unread ?? 0), ids: all ? [] : ids, all };
  receive(message);
  channel?.postMessage(message);
}

// A notice's page, on this site only (a path such as "/match.html?id=..."); "/" otherwise.
function pageOf(notice) {
  const url = String(notice.url ?? "");
  return url.startsWith("/") && !url.startsWith("//") ? url : "/";
}

function follows(event, item, id) {
  if (item.classList.contains("read")) return; // nothing to mark: the link goes as links go
  const marking = markRead([id], false, MARK_WAIT_MS).catch(() => {});
  // Opened elsewhere (a new tab, a middle click): this page stays, the mark goes on its own.
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const href = event.currentTarget.href;
  marking.finally(() => location.assign(href));
}

// -- the bell ----------------------------------------------------------------------------------

let root = null;
const parts = {};

// Its style sheet, which every page gets this way (not by an @import in players.css: axe-core
// fetches an imported sheet again and puts it inline, which the policy refuses). The bell
// shows once the sheet is in.
const SHEET = "/css/notices.css";
let styled = false;
function loadSheet() {
  let link = document.querySelector(`link[rel=stylesheet][href="${SHEET}"]`);
  if (link?.sheet) {
    styled = true;
    return;
  }
  if (!link) {
    link = h("link", { rel: "stylesheet", href: SHEET });
    document.head.append(link);
  }
  const done = () => {
    styled = true;
    render();
  };
  link.addEventListener("load", done, { once: true });
  link.addEventListener("error", done, { once: true });
}

function say(text) {
  if (parts.live) parts.live.textContent = text;
}

const when = (ms) => formatDate(new Date(Number(ms)), { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });

// One list item per notice, kept while the dropdown lives (a new notice is put above the others
// rather than the list drawn again, so a keyboard focus inside it stays where it is).
const items = new Map();

function noticeItem(notice) {
  const link = h("a", { href: pageOf(notice), class: "notice-link" },
    h("span", { class: "visually-hidden unread-mark" }, t("notices-unread-mark"), " "),
    h("strong", { class: "notice-title" }, notice.title ?? ""),
    h("span", { class: "notice-body" }, notice.body ?? ""),
    h("time", { class: "notice-time", datetime: new Date(Number(notice.createdUnixMs ?? 0)).toISOString() }, when(notice.createdUnixMs ?? 0)));
  // The server words a notice in the language the call asked for (the page's); `lang` says
  // which, so a notice filed in English before notices were keys reads as English.
  const item = h("li", {
    class: "notice", "data-notice": notice.id, "data-kind": notice.kind ?? "", lang: notice.language || "en", dir: "auto",
  }, link);
  link.addEventListener("click", (event) => follows(event, item, notice.id));
  return item;
}

function showRead(item, read) {
  item.classList.toggle("read", read);
  item.classList.toggle("unread", !read);
  item.querySelector(".unread-mark").hidden = read;
}

function renderList() {
  const { notices } = inbox;
  if (notices === null) return;
  if (!notices.length) {
    items.clear();
    parts.list.replaceChildren(h("li", { class: "muted notice-empty" }, t("notices-none")));
    return;
  }
  const wanted = notices.map((notice) => {
    const id = String(notice.id);
    if (!items.has(id)) items.set(id, noticeItem(notice));
    const item = items.get(id);
    showRead(item, Boolean(notice.read));
    return item;
  });
  const keep = new Set(wanted);
  for (const child of [...parts.list.children]) {
    if (!keep.has(child)) {
      child.remove();
      if (child.dataset.notice) items.delete(child.dataset.notice);
    }
  }
  wanted.forEach((item, n) => {
    const there = parts.list.children[n] ?? null;
    if (there !== item) parts.list.insertBefore(item, there);
  });
}

function open() {
  parts.panel.hidden = false;
  parts.button.setAttribute("aria-expanded", "true");
  parts.error.hidden = true;
  if (inbox.notices === null) parts.list.replaceChildren(h("li", { class: "muted" }, t("notices-loading")));
  load().catch((error) => showError(error.message));
}

function close() {
  if (!root) return;
  parts.panel.hidden = true;
  parts.button.setAttribute("aria-expanded", "false");
}

function showError(message) {
  parts.error.textContent = message;
  parts.error.hidden = !message;
}

// The bell (one element, kept up to date), for the bar.
export function bell() {
  if (root) return root;
  parts.count = h("span", { class: "notice-count", "aria-hidden": "true", hidden: "" });
  parts.button = h("button", {
    type: "button", id: "notices-button", class: "bell", "aria-expanded": "false", "aria-controls": "notices-panel",
  }, el("svg", { viewBox: "0 0 24 24", width: 20, height: 20, "aria-hidden": "true", focusable: "false", class: "bell-icon" },
    el("path", { d: "M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6v-5a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1z" })),
  parts.count);
  parts.button.addEventListener("click", () => (parts.panel.hidden ? open() : close()));
  parts.list = h("ul", { id: "notices-list", class: "notice-list" });
  parts.readAll = h("button", { type: "button", id: "notices-read-all", class: "secondary" });
  parts.readAll.addEventListener("click", () => {
    showError("");
    markRead([], true).catch((error) => showError(error.message));
  });
  parts.more = h("button", { type: "button", id: "notices-more", class: "secondary", hidden: "" });
  parts.more.addEventListener("click", () => load(true).catch((error) => showError(error.message)));
  parts.error = h("p", { class: "error", role: "alert", hidden: "" });
  parts.panel = h("section", { id: "notices-panel", class: "notice-panel", "aria-labelledby": "notices-heading", hidden: "" },
    h("div", { class: "notice-head" }, h("h2", { id: "notices-heading" }), parts.readAll),
    parts.error, parts.list, parts.more,
    h("p", { class: "notice-foot" }, h("a", { href: "/notifications.html", id: "notices-settings" })));
  parts.live = h("span", { class: "visually-hidden", "aria-live": "polite", id: "notices-live" });
  root = h("span", { class: "notices", id: "notices" }, parts.button, parts.panel, parts.live);
  // Escape closes it, focus back on the bell; so does a click elsewhere.
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !parts.panel.hidden) {
      close();
      parts.button.focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (!parts.panel.hidden && !root.contains(event.target)) close();
  });
  // Its words once the page's catalogue is in (the bell is made before that).
  ready.then(() => {
    parts.readAll.textContent = t("notices-mark-all-read");
    parts.more.textContent = t("notices-show-older");
    root.querySelector("#notices-heading").textContent = t("notices-heading");
    root.querySelector("#notices-settings").textContent = t("notices-settings");
    render();
  });
  render();
  return root;
}

function render() {
  showTab();
  if (!root) return;
  const { unread, off } = inbox;
  root.hidden = off || !styled;
  parts.count.textContent = formatNumber(unread ?? 0);
  parts.count.hidden = !unread;
  parts.button.dataset.count = unread === null ? "" : String(unread);
  parts.button.setAttribute("aria-label", t("notices-label", { state: unread === null ? t("myturn-not-known") : unreadWords(unread) }));
  parts.readAll.disabled = !unread;
  parts.more.hidden = !inbox.more;
  renderList();
}

// -- the tab -----------------------------------------------------------------------------------

// What the tab shows (its title "(2) Match · Playhall" and a badge on its favicon): the larger
// of the bar's two counts, unread notices and matches waiting for the player's move. A waiting
// match usually has an unread "your turn" notice of its own, so their sum would count it twice;
// the larger never hides either. Reading a notice does not clear the tab while a match still
// waits; moving in every waiting match and reading every notice does. Signed out: nothing.
export function tabCount() {
  if (!currentPlayer()) return 0;
  return Math.max(inbox.unread ?? 0, myTurn.latest?.count ?? 0);
}

const PREFIX = /^\(\d+\) /;
let titleWatch = null;

function showTab() {
  const count = tabCount();
  const base = document.title.replace(PREFIX, "");
  const title = count ? `(${count}) ${base}` : base;
  if (document.title !== title) document.title = title;
  // A page that names itself later (a match, a profile) loses the count: put it back.
  const element = document.querySelector("title");
  if (!titleWatch && element) {
    titleWatch = new MutationObserver(showTab);
    titleWatch.observe(element, { childList: true, characterData: true, subtree: true });
  }
  // A canvas-drawn icon would be a data: or blob: URL, which the portal's policy (img-src
  // 'self') refuses: the badged icon is a file of its own, the count is in the title.
  const icon = document.querySelector("link[rel~=icon]");
  const href = count ? FAVICON_BADGED : FAVICON;
  if (icon && icon.getAttribute("href") !== href) icon.setAttribute("href", href);
}

// -- start -------------------------------------------------------------------------------------

loadSheet();
addEventListener(CHANGED, signedInAgain);
addEventListener(MY_TURN, showTab);
inbox.playerId = currentPlayer()?.playerId ?? null;
showTab();
if (!leading) {
  // Held until this page goes away; the next tab waiting takes it.
  const lead = () => {
    leading = true;
    restart();
  };
  navigator.locks.request(LOCK, () => {
    lead();
    return new Promise(() => {});
  }).catch(lead);
  const player = currentPlayer();
  if (player) channel.postMessage({ type: "hello", playerId: player.playerId });
} else {
  restart();
}
