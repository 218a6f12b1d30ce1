// The moderator page: the queue of open reports (ListReports), each with the messages around a
// reported one, and what a moderator may do about it, each with a reason the player is told:
// resolve the report, delete the message, mute the player from all chat for a time, end their
// unfinished matches as abandoned; below, the log of every moderator's actions (ListActions),
// newest first. Shown only to a moderator (GetProfile says so; the server checks every call).
import { h, tNodes, userText } from "./common.js";
import { formatDate, ready, t } from "./i18n.js";
import { isModerator } from "./modlink.js";
import { REPORT_REASONS, moderation, num } from "./social.js";
import { CHANGED } from "./players.js";

const $ = (id) => document.getElementById(id);
const when = (ms) => formatDate(new Date(num(ms)), { dateStyle: "medium", timeStyle: "short" });
// What each kind of action did, by the ModerationActionKind enum's name.
const ACTIONS = {
  MODERATION_ACTION_KIND_RESOLVE_REPORT: "moderation-desk-action-resolve-report",
  MODERATION_ACTION_KIND_DELETE_MESSAGE: "moderation-desk-action-delete-message",
  MODERATION_ACTION_KIND_MUTE_FROM_CHAT: "moderation-desk-action-mute-from-chat",
  MODERATION_ACTION_KIND_END_MATCH: "moderation-desk-action-end-match",
};
// The mutes offered, in minutes, with their words.
const MUTES = [[60, "moderation-desk-mute-hour"], [24 * 60, "moderation-desk-mute-day"], [7 * 24 * 60, "moderation-desk-mute-week"], [30 * 24 * 60, "moderation-desk-mute-30-days"]];
let reportsAfter = 0;
let actionsBefore = 0;

function say(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

function contextLine(message, reported) {
  const id = num(message.messageId);
  return h("li", { class: `context${id === reported ? " reported" : ""}`, "data-message": id },
    h("span", { class: "tag" }, t(message.room === "CHAT_ROOM_PLAYERS" ? "chat-panel-room-players" : "chat-panel-room-spectators")), " ",
    h("strong", {}, userText(message.displayName || message.playerId)), ": ", userText(message.text ?? "", "span"),
    message.deleted ? [" ", h("em", { class: "muted" }, t("moderation-desk-deleted"))] : "",
    id === reported ? [" ", h("span", { class: "tag reported-tag" }, t("moderation-desk-reported-tag"))] : "");
}

// The actions on one report, each taking the reason typed in its form (the player is told it).
function actionForm(report) {
  const reportId = String(num(report.reportId));
  const { playerId, matchId } = report;
  const reason = h("input", { id: `reason-${reportId}`, name: "reason", maxlength: 500, required: "", dir: "auto" });
  const minutes = h("select", { id: `minutes-${reportId}`, name: "minutes" }, ...MUTES.map(([m, key]) => h("option", { value: m }, t(key))));
  const act = async (method, request) => {
    if (!reason.reportValidity()) return;
    say("");
    try {
      await moderation(method, request(reason.value.trim()));
      await reload();
    } catch (error) {
      say(error.message);
    }
  };
  const button = (text, action, onclick) => h("button", { type: "button", "data-action": action, onclick }, text);
  const messageId = String(num(report.messageId));
  // Enter in the reason field does nothing: each action is a button of its own.
  return h("form", { class: "moderate", "data-report": reportId, onsubmit: (event) => event.preventDefault() },
    h("label", { for: reason.id }, t("challenges-reason")), " ", reason,
    h("span", { class: "moderate-buttons" },
      num(messageId) ? button(t("moderation-desk-delete-message"), "delete", () => act("DeleteMessage", (why) => ({ matchId, messageId, reason: why, reportId }))) : "",
      h("label", { for: minutes.id }, t("moderation-desk-mute-for")), " ", minutes,
      button(t("chat-panel-mute"), "mute", () => act("MuteFromChat", (why) => ({ playerId, minutes: Number(minutes.value), reason: why, reportId }))),
      button(t("moderation-desk-end-matches"), "end", () => act("EndMatches", (why) => ({ playerId, reason: why, reportId }))),
      button(t("moderation-desk-resolve"), "resolve", () => act("ResolveReport", (why) => ({ reportId, resolution: why })))));
}

function reportItem(report) {
  const reported = num(report.messageId);
  const reporter = h("strong", { dir: "auto" }, report.reporterName || report.reporterId);
  const player = h("a", { href: `/profile.html?player=${encodeURIComponent(report.playerId)}`, dir: "auto" }, report.playerName || report.playerId);
  const match = h("a", { href: `/replay.html?id=${encodeURIComponent(report.matchId)}` }, t("moderation-desk-a-match"));
  const reason = t(REPORT_REASONS[report.reason] ?? "moderation-desk-no-reason");
  return h("li", { class: "report-item", "data-report": num(report.reportId) },
    h("p", {}, ...(reported ? tNodes("moderation-desk-reported-message", { reason }, { reporter, player, match })
      : tNodes("moderation-desk-reported-player", { reason }, { reporter, player })),
      " · ", h("span", { class: "muted" }, when(report.createdUnixMs))),
    report.comment ? h("p", { class: "report-comment", dir: "auto" }, t("moderation-desk-comment", { comment: report.comment })) : "",
    (report.context ?? []).length ? h("ol", { class: "report-context", "aria-label": t("moderation-desk-context") },
      ...report.context.map((m) => contextLine(m, reported))) : "",
    actionForm(report));
}

function actionRow(action) {
  const what = ACTIONS[action.kind] ? t(ACTIONS[action.kind]) : action.kind;
  return h("tr", { "data-action": action.kind },
    h("td", {}, when(action.createdUnixMs)),
    h("td", { dir: "auto" }, action.moderatorName || action.moderatorId),
    h("td", {}, num(action.untilUnixMs) ? t("moderation-desk-action-until", { action: what, when: when(action.untilUnixMs) }) : what),
    h("td", { dir: "auto" }, action.playerName || action.playerId || ""),
    h("td", { dir: "auto" }, action.reason ?? ""));
}

async function moreReports(first) {
  const page = await moderation("ListReports", { afterReportId: String(reportsAfter), limit: 20 });
  const items = (page.reports ?? []).map(reportItem);
  if (first) $("reports").replaceChildren(...(items.length ? items : [h("li", { class: "muted" }, t("moderation-desk-no-report"))]));
  else $("reports").append(...items);
  reportsAfter = num(page.nextAfterReportId);
  $("reports-more").hidden = !reportsAfter;
}

async function moreActions(first) {
  const page = await moderation("ListActions", { beforeActionId: String(actionsBefore), limit: 20 });
  const rows = (page.actions ?? []).map(actionRow);
  if (first) $("actions").replaceChildren(...(rows.length ? rows : [h("tr", {}, h("td", { colspan: 5, class: "muted" }, t("moderation-desk-none-yet")))]));
  else $("actions").append(...rows);
  actionsBefore = num(page.nextBeforeActionId);
  $("actions-more").hidden = !actionsBefore;
}

async function reload() {
  reportsAfter = 0;
  actionsBefore = 0;
  await Promise.all([moreReports(true), moreActions(true)]);
  document.body.dataset.loaded = "true";
}

async function show() {
  say("");
  const moderator = await isModerator();
  $("not-moderator").hidden = moderator;
  $("desk").hidden = !moderator;
  if (moderator) await reload();
}

const guard = (work) => () => work().catch((error) => say(error.message));
$("reports-more").addEventListener("click", guard(() => moreReports(false)));
$("actions-more").addEventListener("click", guard(() => moreActions(false)));
await ready;
addEventListener(CHANGED, guard(show));
guard(show)();
