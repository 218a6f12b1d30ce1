// The chat panel of the match and replay pages (`<section id="chat">`, its match from ?id=):
// the messages the signed-in player may read (the server decides: while the match runs a seat's
// player reads the players' room, anyone else the spectators'; once it is over, both), live
// through WatchChat; a box for the room they may write in (none once the match is over, nor in
// a replay), whose refusals (too long, too fast, a moderator's ban) are the server's reason; a
// mute per author (ListMuted, MutePlayer, UnmutePlayer) and a report per message. Signed out,
// it says to sign in.
import { RpcError, call, stream } from "./connect.js";
import { h, userText } from "./common.js";
import { formatDate, ready, t } from "./i18n.js";
import { reportForm } from "./reportform.js";
import { chat, moderation, num } from "./social.js";
import { CHANGED, currentPlayer, playerToken } from "./players.js";

const CHAT_SERVICE = "/playhall.social.v1.ChatService/";
const PERMANENT = new Set(["not_found", "permission_denied", "unauthenticated", "invalid_argument", "unimplemented"]);
const FIRST_PAUSE_MS = 500;
const ROOMS = { CHAT_ROOM_PLAYERS: "players", CHAT_ROOM_SPECTATORS: "spectators" };
// A room's name as its tag shows it, by the ChatRoom enum's name.
const ROOM_NAMES = { CHAT_ROOM_PLAYERS: "chat-panel-room-players", CHAT_ROOM_SPECTATORS: "chat-panel-room-spectators" };
const matchId = new URLSearchParams(location.search).get("id");
const section = document.getElementById("chat");
const replay = section?.dataset.mode === "replay";

let session = null;

// One signed-in player's panel: its messages by id, the authors muted, the id read up to.
class Panel {
  constructor(me) {
    this.me = me;
    this.messages = new Map();
    this.muted = new Map();
    this.after = 0;
    this.abort = new AbortController();
    this.list = h("ol", { class: "chat-list", "aria-live": "polite", "aria-label": t("chat-panel-messages"), tabindex: 0 });
    this.mutedLine = h("p", { class: "chat-muted muted" });
    this.note = h("p", { class: "chat-note", role: "alert" });
    this.box = h("div", { class: "chat-box" });
  }

  stop() {
    this.abort.abort();
  }

  async start() {
    section.replaceChildren(h("h2", {}, t("chat-panel-heading")), this.list, this.box, this.note, this.mutedLine);
    const [{ match }, { players = [] }] = await Promise.all([
      call("GetMatch", { matchId }),
      chat("ListMuted", {}),
    ]);
    for (const p of players) this.muted.set(p.playerId, p.displayName);
    this.showMuted();
    await this.readAll();
    const over = match.phase === "MATCH_PHASE_FINISHED";
    if (replay || over) {
      this.closed(over);
      return;
    }
    const seated = (match.seats ?? []).some((seat) => seat.playerId && seat.playerId === this.me.playerId);
    this.writeBox(seated ? "CHAT_ROOM_PLAYERS" : "CHAT_ROOM_SPECTATORS");
    await this.watch();
  }

  // Every message the player may read, page after page.
  async readAll() {
    this.after = 0;
    this.messages.clear();
    this.list.replaceChildren();
    for (;;) {
      const page = await chat("ListMessages", { matchId, afterMessageId: String(this.after), limit: 200 });
      this.add(page.messages ?? []);
      this.after = Math.max(this.after, num(page.nextAfterMessageId));
      if (!page.more) break;
    }
    this.empty();
  }

  add(messages) {
    for (const message of messages) {
      const id = num(message.messageId);
      this.after = Math.max(this.after, id);
      if (this.messages.has(id) || this.muted.has(message.playerId)) continue;
      this.messages.set(id, message);
      this.list.append(this.item(message));
    }
    this.empty();
    section.dataset.messages = String(this.messages.size);
  }

  empty() {
    this.list.querySelector(".chat-empty")?.remove();
    if (!this.messages.size) this.list.append(h("li", { class: "chat-empty muted" }, t("chat-panel-empty")));
  }

  item(message) {
    const mine = message.playerId === this.me.playerId;
    const name = message.displayName || t("chat-panel-someone");
    const room = ROOMS[message.room] ?? "";
    const sent = formatDate(new Date(num(message.sentUnixMs)), { hour: "2-digit", minute: "2-digit" });
    // A message keeps its own direction (a Persian line on an English page, or the reverse).
    const text = message.deleted ? h("em", { class: "muted" }, t("chat-panel-deleted"))
      : h("span", { class: "chat-text", dir: "auto" }, message.text ?? "");
    const tools = mine ? [] : [
      h("button", { type: "button", class: "quiet-button", "aria-label": t("chat-panel-mute-name", { name }), onclick: () => this.mute(message.playerId, name) }, t("chat-panel-mute")),
      reportForm(t("chat-panel-message-of", { name }), (report) => moderation("ReportMessage", { matchId, messageId: String(message.messageId), ...report })),
    ];
    return h("li", { class: "chat-message", "data-message": num(message.messageId), "data-room": room, "data-author": message.playerId },
      h("span", { class: `tag room-${room}` }, ROOM_NAMES[message.room] ? t(ROOM_NAMES[message.room]) : ""), " ",
      h("strong", {}, userText(name), mine ? [" ", t("chat-panel-you")] : ""), " ", h("span", { class: "muted" }, sent), ": ", text,
      tools.length ? h("span", { class: "chat-tools" }, ...tools) : "");
  }

  writeBox(room) {
    const input = h("input", { name: "text", id: "chat-text", autocomplete: "off", required: "", dir: "auto" });
    const form = h("form", { class: "chat-form", "data-room": ROOMS[room] },
      h("label", { for: "chat-text" }, t(room === "CHAT_ROOM_PLAYERS" ? "chat-panel-say-players" : "chat-panel-say-spectators")), " ",
      input, h("button", { type: "submit" }, t("chat-panel-send")));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      this.note.textContent = "";
      try {
        const { message } = await chat("SendMessage", { matchId, room, text: input.value });
        input.value = "";
        this.add([message]);
      } catch (error) {
        this.note.textContent = error.message;
      }
    });
    this.box.replaceChildren(form);
  }

  // Once the match is over the chat is closed: both rooms, read only.
  closed(over) {
    this.box.replaceChildren(h("p", { class: "muted chat-closed" },
      t(over ? "chat-panel-closed" : "chat-panel-on-match-page")));
    section.dataset.chat = "closed";
  }

  // Follows WatchChat until the match is over (the stream ends cleanly), then shows both rooms.
  async watch() {
    section.dataset.chat = "live";
    for (let delay = FIRST_PAUSE_MS; ; delay = Math.min(delay * 2, 5000)) {
      try {
        await stream("WatchChat", { matchId, afterMessageId: String(this.after) },
          (batch) => this.add(batch.messages ?? []),
          { token: playerToken(), signal: this.abort.signal, service: CHAT_SERVICE, onOpen: () => { delay = FIRST_PAUSE_MS; } });
        await this.readAll();
        this.closed(true);
        return;
      } catch (error) {
        if (this.abort.signal.aborted) return;
        if (error instanceof RpcError && PERMANENT.has(error.code)) {
          this.note.textContent = error.message;
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  async mute(playerId, name) {
    this.note.textContent = "";
    try {
      await chat("MutePlayer", { playerId });
    } catch (error) {
      this.note.textContent = error.message;
      return;
    }
    this.muted.set(playerId, name);
    for (const [id, message] of this.messages) {
      if (message.playerId !== playerId) continue;
      this.messages.delete(id);
      this.list.querySelector(`li[data-message="${id}"]`)?.remove();
    }
    this.empty();
    this.showMuted();
  }

  async unmute(playerId) {
    this.note.textContent = "";
    try {
      await chat("UnmutePlayer", { playerId });
      this.muted.delete(playerId);
      this.showMuted();
      await this.readAll();
    } catch (error) {
      this.note.textContent = error.message;
    }
  }

  showMuted() {
    const people = [...this.muted];
    this.mutedLine.replaceChildren(...(people.length ? [t("chat-panel-muted"), " ", ...people.flatMap(([id, name], n) => [
      n ? t("lobby-list-separator") : "", userText(name), " ",
      h("button", { type: "button", class: "quiet-button", "aria-label": t("chat-panel-unmute-name", { name }), onclick: () => this.unmute(id) }, t("chat-panel-unmute")),
    ])] : []));
  }
}

function mount() {
  session?.stop();
  session = null;
  const me = currentPlayer();
  if (!me) {
    section.replaceChildren(h("h2", {}, t("chat-panel-heading")), h("p", { class: "muted", id: "chat-sign-in" }, t("chat-panel-sign-in")));
    section.dataset.chat = "signed-out";
    return;
  }
  session = new Panel(me);
  const mine = session;
  mine.start().catch((error) => {
    if (session === mine) mine.note.textContent = error.message;
  });
}

if (section && matchId) {
  await ready;
  mount();
  addEventListener(CHANGED, mount);
}
