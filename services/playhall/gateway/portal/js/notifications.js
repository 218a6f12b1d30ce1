// The notification settings page: what the signed-in player is told and where (each kind of
// notice by channel: inbox, push, e-mail, webhook), reminders before a turn-based deadline,
// their time zone (the browser's offered where none was chosen), quiet hours, the hourly cap,
// an e-mail address (confirmed or not) with its digest, and a webhook URL (its new secret shown
// once after saving, "disabled" once it failed too often). GetNotificationSettings fills the
// form, Save sends it whole (UpdateNotificationSettings) and shows what was stored.
//
// Push in this browser acts at once, outside the form: turning it on asks for the permission to
// notify, registers the service worker (`/sw.js`), subscribes with the deployment's VAPID key
// and registers the subscription (AddPushSubscription); turning it off drops it on both sides
// (RemovePushSubscription, then the browser's). A deployment without a key sends no pushes:
// the section stays hidden.
import { h } from "./common.js";
import { ready, t } from "./i18n.js";
import { CHANGED, currentPlayer, players } from "./players.js";

const $ = (id) => document.getElementById(id);

// Each NoticeKind: the catalogue keys of its name and of what it tells.
const KINDS = [
  ["NOTICE_KIND_YOUR_TURN", "notifications-kind-your-turn", "notifications-kind-your-turn-what"],
  ["NOTICE_KIND_DEADLINE", "notifications-kind-deadline", "notifications-kind-deadline-what"],
  ["NOTICE_KIND_MATCH_ENDED", "notifications-kind-match-ended", "notifications-kind-match-ended-what"],
  ["NOTICE_KIND_SEAT_LEFT", "notifications-kind-seat-left", "notifications-kind-seat-left-what"],
  ["NOTICE_KIND_ROUND_PAIRED", "notifications-kind-round-paired", "notifications-kind-round-paired-what"],
  ["NOTICE_KIND_TICKET_MATCHED", "notifications-kind-ticket-matched", "notifications-kind-ticket-matched-what"],
  ["NOTICE_KIND_CHALLENGE_RECEIVED", "notifications-kind-challenge-received", "notifications-kind-challenge-received-what"],
  ["NOTICE_KIND_CHALLENGE_ANSWERED", "notifications-kind-challenge-answered", "notifications-kind-challenge-answered-what"],
  ["NOTICE_KIND_MODERATION", "notifications-kind-moderation", "notifications-kind-moderation-what"],
];
// Each NoticeChannel with the catalogue key of its name.
const CHANNELS = [
  ["NOTICE_CHANNEL_INBOX", "notifications-channel-inbox"],
  ["NOTICE_CHANNEL_PUSH", "notifications-channel-push"],
  ["NOTICE_CHANNEL_EMAIL", "notifications-channel-email"],
  ["NOTICE_CHANNEL_WEBHOOK", "notifications-channel-webhook"],
];
const REMINDER_HOURS = [24, 12, 6, 1];
const DEFAULT_QUIET = ["22:00", "07:00"];
const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

let pushKey = "";

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

const slug = (name) => name.replace(/^NOTICE_(KIND|CHANNEL)_/, "").toLowerCase().replace(/_/g, "-");

function buildForm() {
  $("kinds").replaceChildren(...KINDS.map(([kind, name, what]) => h("tr", { "data-kind": kind },
    h("th", { scope: "row" }, h("span", {}, t(name)), h("br"), h("span", { class: "muted" }, t(what))),
    ...CHANNELS.map(([channel, channelName]) => h("td", {},
      h("input", {
        type: "checkbox", id: `${slug(kind)}-${slug(channel)}`, name: `${slug(kind)}-${slug(channel)}`,
        "data-channel": channel, "aria-label": t("notifications-box-label", { kind: t(name), channel: t(channelName) }),
      }))))));
  $("reminder-hours").replaceChildren(...REMINDER_HOURS.map((hours) => h("label", {},
    h("input", { type: "checkbox", name: "reminder", value: hours, id: `remind-${hours}` }),
    t("notifications-hours-before", { hours }))));
  const zones = new Set(typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []);
  zones.add("UTC");
  zones.add(browserZone);
  $("time-zone").replaceChildren(...[...zones].sort().map((zone) => h("option", { value: zone }, zone.replace(/_/g, " "))));
}

const clock = (minute) => `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
const minuteOf = (text) => {
  const [hours, minutes] = String(text || "0:0").split(":").map(Number);
  return (hours || 0) * 60 + (minutes || 0);
};

function quietInputs() {
  const on = $("quiet-on").checked;
  $("quiet-start").disabled = $("quiet-end").disabled = !on;
  if (on && $("quiet-start").value === $("quiet-end").value) [$("quiet-start").value, $("quiet-end").value] = DEFAULT_QUIET;
}

// The form as `settings` say (the stored choices, or the defaults of a player who never chose).
function fill(settings) {
  const kinds = new Map((settings.kinds ?? []).map((k) => [k.kind, new Set(k.channels ?? [])]));
  for (const row of $("kinds").rows) {
    const chosen = kinds.get(row.dataset.kind) ?? new Set();
    for (const box of row.querySelectorAll("input")) box.checked = chosen.has(box.dataset.channel);
  }
  const hours = new Set((settings.reminderHours ?? []).map(Number));
  for (const box of document.getElementsByName("reminder")) box.checked = hours.has(Number(box.value));

  // The server's default is UTC: a player who never chose a zone is offered this browser's.
  const zone = settings.timeZone || "UTC";
  const offered = zone === "UTC" && browserZone !== "UTC" ? browserZone : zone;
  if (![...$("time-zone").options].some((o) => o.value === offered)) $("time-zone").append(h("option", { value: offered }, offered));
  $("time-zone").value = offered;
  $("zone-note").textContent = offered !== zone ? t("notifications-zone-note", { zone }) : "";

  const start = Number(settings.quietHours?.startMinute ?? 0);
  const end = Number(settings.quietHours?.endMinute ?? 0);
  $("quiet-on").checked = start !== end;
  [$("quiet-start").value, $("quiet-end").value] = start !== end ? [clock(start), clock(end)] : DEFAULT_QUIET;
  quietInputs();

  $("max-per-hour").value = String(settings.maxPerHour ?? 20);
  $("email").value = settings.email ?? "";
  const email = $("email-status");
  email.className = settings.email ? (settings.emailConfirmed ? "status-ok" : "status-bad") : "muted";
  email.textContent = settings.email ? t(settings.emailConfirmed ? "notifications-email-confirmed" : "notifications-email-unconfirmed") : "";
  email.dataset.confirmed = String(Boolean(settings.emailConfirmed));
  $("digest").value = String(settings.emailDigestMinutes ?? 0);
  $("webhook").value = settings.webhookUrl ?? "";
  const hook = $("webhook-status");
  hook.className = settings.webhookDisabled ? "status-bad" : "muted";
  hook.textContent = settings.webhookDisabled ? t("notifications-webhook-disabled") : "";
  hook.dataset.disabled = String(Boolean(settings.webhookDisabled));
}

// What the form asks for, as NotificationSettings.
function wanted() {
  const kinds = [...$("kinds").rows].map((row) => ({
    kind: row.dataset.kind,
    channels: [...row.querySelectorAll("input:checked")].map((box) => box.dataset.channel),
  }));
  const reminderHours = [...document.getElementsByName("reminder")].filter((box) => box.checked).map((box) => Number(box.value));
  const quiet = $("quiet-on").checked;
  return {
    kinds,
    reminderHours,
    timeZone: $("time-zone").value,
    quietHours: { startMinute: quiet ? minuteOf($("quiet-start").value) : 0, endMinute: quiet ? minuteOf($("quiet-end").value) : 0 },
    maxPerHour: Number($("max-per-hour").value),
    email: $("email").value.trim(),
    emailDigestMinutes: Number($("digest").value),
    webhookUrl: $("webhook").value.trim(),
  };
}

function showSecret(secret) {
  const box = $("webhook-secret");
  box.hidden = !secret;
  box.replaceChildren(...(secret ? [
    h("p", {}, h("strong", {}, t("notifications-secret")), " ", t("notifications-secret-once")),
    h("p", {}, h("code", { id: "webhook-secret-value" }, secret)),
  ] : []));
}

async function save(event) {
  event.preventDefault();
  showError("");
  $("saved").textContent = "";
  const settings = wanted();
  if ($("quiet-on").checked && settings.quietHours.startMinute === settings.quietHours.endMinute) {
    showError(t("notifications-quiet-same"));
    return;
  }
  $("save").disabled = true;
  try {
    const got = await players("UpdateNotificationSettings", { settings });
    fill(got.settings ?? {});
    showSecret(got.webhookSecret ?? "");
    $("saved").textContent = t("notifications-saved");
    document.body.dataset.saved = String(Number(document.body.dataset.saved ?? 0) + 1);
  } catch (error) {
    showError(error.message);
  } finally {
    $("save").disabled = false;
  }
}

// -- push in this browser ----------------------------------------------------------------------

const pushSupported = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

function keyBytes(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

const sameKey = (buffer, key) => {
  if (!buffer) return false;
  const a = new Uint8Array(buffer);
  const b = keyBytes(key);
  return a.length === b.length && a.every((byte, n) => byte === b[n]);
};

async function subscription() {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function showPush(state, note = "") {
  const words = { on: "notifications-push-on", off: "notifications-push-off", unsupported: "notifications-push-unsupported" };
  const blocked = window.Notification?.permission === "denied" && state === "off";
  $("push-status").textContent = [words[state] ? t(words[state]) : "", blocked ? t("notifications-push-blocked") : "", note]
    .filter(Boolean).join(" ");
  $("push-on").hidden = state !== "off";
  $("push-off").hidden = state !== "on";
  $("push-section").dataset.push = state;
}

function pushError(message) {
  $("push-error").textContent = message;
  $("push-error").hidden = !message;
}

async function showPushState() {
  $("push-section").hidden = !pushKey;
  if (!pushKey) return;
  if (!pushSupported()) return showPush("unsupported");
  showPush((await subscription()) ? "on" : "off");
}

async function turnOn() {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    throw new Error(t(permission === "denied" ? "notifications-push-denied" : "notifications-push-not-allowed"));
  }
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  let subscribed = await registration.pushManager.getSubscription();
  if (subscribed && !sameKey(subscribed.options?.applicationServerKey, pushKey)) {
    await subscribed.unsubscribe(); // made with another key: no push of this server reaches it
    subscribed = null;
  }
  if (!subscribed) {
    try {
      subscribed = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(pushKey) });
    } catch (error) {
      throw new Error(t("notifications-push-refused", { reason: error.message }));
    }
  }
  const { endpoint, keys = {} } = subscribed.toJSON();
  try {
    await players("AddPushSubscription", { endpoint, p256dh: keys.p256dh ?? "", auth: keys.auth ?? "" });
  } catch (error) {
    await subscribed.unsubscribe().catch(() => {});
    throw error;
  }
}

async function turnOff() {
  const subscribed = await subscription();
  if (!subscribed) return "";
  let note = "";
  try {
    await players("RemovePushSubscription", { endpoint: subscribed.endpoint });
  } catch (error) {
    // The push service tells the server it is gone at its next push.
    note = t("notifications-server-not-told", { reason: error.message });
  }
  await subscribed.unsubscribe();
  return note;
}

function pushButton(button, act) {
  button.addEventListener("click", async () => {
    pushError("");
    $("push-on").disabled = $("push-off").disabled = true;
    let note = "";
    try {
      note = (await act()) || "";
    } catch (error) {
      pushError(error.message);
    } finally {
      $("push-on").disabled = $("push-off").disabled = false;
      await showPushState().catch((error) => pushError(error.message));
      if (note) showPush($("push-section").dataset.push, note);
    }
  });
}

// -- the page ----------------------------------------------------------------------------------

async function load() {
  showError("");
  showSecret("");
  $("saved").textContent = "";
  const player = currentPlayer();
  $("signed-out").hidden = Boolean(player);
  $("settings").hidden = true;
  $("push-section").hidden = true;
  delete document.body.dataset.loaded;
  if (!player) return;
  const got = await players("GetNotificationSettings", {});
  if (currentPlayer()?.playerId !== player.playerId) return;
  const settings = got.settings ?? {};
  fill(settings);
  pushKey = settings.pushPublicKey ?? "";
  $("settings").hidden = false;
  await showPushState().catch((error) => pushError(error.message));
  document.body.dataset.loaded = "true";
}

await ready;
buildForm();
$("quiet-on").addEventListener("change", quietInputs);
$("settings").addEventListener("submit", save);
pushButton($("push-on"), turnOn);
pushButton($("push-off"), turnOff);
addEventListener(CHANGED, () => load().catch((error) => showError(error.message)));
load().catch((error) => showError(error.message));
