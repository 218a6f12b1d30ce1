// The moderator page: the queue of open reports (ListReports), each with the messages around a
// reported one, and what a moderator may do about it, each with a reason the player is told:
// resolve the report, delete the message, mute the player from all chat for a time, end their
// unfinished matches as abandoned; below, the log of every moderator's actions (ListActions),
// newest first. Shown only to a moderator (GetProfile says so; the server checks every call).
import { h } from "./common.js";
import { isModerator } from "./modlink.js";
import { REPORT_REASONS, moderation, num } from "./social.js";
import { CHANGED } from "./players.js";

const $ = (id) => document.getElementById(id);
const when = (ms) => new Date(num(ms)).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
const ACTIONS = {
  MODERATION_ACTION_KIND_RESOLVE_REPORT: "resolved a report",
  MODERATION_ACTION_KIND_DELETE_MESSAGE: "deleted a message",
  MODERATION_ACTION_KIND_MUTE_FROM_CHAT: "muted from chat",
  MODERATION_ACTION_KIND_END_MATCH: "ended a match as abandoned",
};
const MUTES = [[60, "an hour"], [24 * 60, "a day"], [7 * 24 * 60, "a week"], [30 * 24 * 60, "30 days"]];
let reportsAfter = 0;
let actionsBefore = 0;

function say(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

function contextLine(message, reported) {
  const id = num(message.messageId);
  return h("li", { class: `context${id === reported ? " reported" : ""}`, "data-message": id },
    h("span", { class: "tag" }, message.room === "CHAT_ROOM_PLAYERS" ? "players" : "spectators"), " ",
    h("strong", {}, message.displayName || message.playerId), ": ", message.text ?? "",
    message.deleted ? [" ", h("em", { class: "muted" }, "(deleted)")] : "",
    id === reported ? [" ", h("span", { class: "tag reported-tag" }, "reported")] : "");
}

// The actions on one report, each taking the reason typed in its form (the player is told it).
function actionForm(report) {
  const reportId = String(num(report.reportId));
  const { playerId, matchId } = report;
  const reason = h("input", { id: `reason-${reportId}`, name: "reason", maxlength: 500, required: "" });
  const minutes = h("select", { id: `minutes-${reportId}`, name: "minutes" }, ...MUTES.map(([m, text]) => h("option", { value: m }, text)));
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
    h("label", { for: reason.id }, "Reason: "), reason,
    h("span", { class: "moderate-buttons" },
      num(messageId) ? button("Delete the message", "delete", () => act("DeleteMessage", (why) => ({ matchId, messageId, reason: why, reportId }))) : "",
      h("label", { for: minutes.id }, "Mute from chat for "), minutes,
      button("Mute", "mute", () => act("MuteFromChat", (why) => ({ playerId, minutes: Number(minutes.value), reason: why, reportId }))),
      button("End their matches", "end", () => act("EndMatches", (why) => ({ playerId, reason: why, reportId }))),
      button("Resolve", "resolve", () => act("ResolveReport", (why) => ({ reportId, resolution: why })))));
}

function reportItem(report) {
  const reported = num(report.messageId);
  return h("li", { class: "report-item", "data-report": num(report.reportId) },
    h("p", {}, h("strong", {}, report.reporterName || report.reporterId), " reported ",
      h("a", { href: `/profile.html?player=${encodeURIComponent(report.playerId)}` }, report.playerName || report.playerId),
      reported ? [" for a message in ", h("a", { href: `/replay.html?id=${encodeURIComponent(report.matchId)}` }, "a match")] : "",
      `: ${REPORT_REASONS[report.reason] ?? "no reason"}`, " · ", h("span", { class: "muted" }, when(report.createdUnixMs))),
    report.comment ? h("p", { class: "report-comment" }, `“${report.comment}”`) : "",
    (report.context ?? []).length ? h("ol", { class: "report-context", "aria-label": "Messages around it" },
      ...report.context.map((m) => contextLine(m, reported))) : "",
    actionForm(report));
}

function actionRow(action) {
  const until = num(action.untilUnixMs) ? ` until ${when(action.untilUnixMs)}` : "";
  return h("tr", { "data-action": action.kind },
    h("td", {}, when(action.createdUnixMs)),
    h("td", {}, action.moderatorName || action.moderatorId),
    h("td", {}, (ACTIONS[action.kind] ?? action.kind) + until),
    h("td", {}, action.playerName || action.playerId || ""),
    h("td", {}, action.reason ?? ""));
}

async function moreReports(first) {
  const page = await moderation("ListReports", { afterReportId: String(reportsAfter), limit: 20 });
  const items = (page.reports ?? []).map(reportItem);
  if (first) $("reports").replaceChildren(...(items.length ? items : [h("li", { class: "muted" }, "No open report.")]));
  else $("reports").append(...items);
  reportsAfter = num(page.nextAfterReportId);
  $("reports-more").hidden = !reportsAfter;
}

async function moreActions(first) {
  const page = await moderation("ListActions", { beforeActionId: String(actionsBefore), limit: 20 });
  const rows = (page.actions ?? []).map(actionRow);
  if (first) $("actions").replaceChildren(...(rows.length ? rows : [h("tr", {}, h("td", { colspan: 5, class: "muted" }, "none yet"))]));
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
addEventListener(CHANGED, guard(show));
guard(show)();
