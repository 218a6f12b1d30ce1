// The portal's service worker, registered from the notification settings page when a player
// turns push on in this browser (scope "/": it is served from the root, so no
// Service-Worker-Allowed header is needed, and the portal's `default-src 'self'` lets a page
// register it). It only shows pushes: no fetch handler, so every request of the portal goes to
// the network as before.
//
// A push is the notifier's JSON (`notifications/push.py`): title, body, url (absolute), kind,
// match_id and tag, the notice's collapse key: a push with the tag of one still shown replaces
// it (a repeated or updated notice is shown once). A click opens the notice's page, or focuses
// a tab already showing it.

const FALLBACK_TITLE = "Playhall";

// The push's JSON, or {body: its text} when it is not JSON.
function readPush(data) {
  if (!data) return {};
  try {
    return data.json() ?? {};
  } catch {
    return { body: data.text() };
  }
}

// The page a notice opens: an http(s) URL (relative ones against this origin); the portal's
// home otherwise.
function pageOf(url) {
  try {
    const page = new URL(url || "/", self.location.origin);
    return page.protocol === "https:" || page.protocol === "http:" ? page.href : self.location.origin + "/";
  } catch {
    return self.location.origin + "/";
  }
}

// What `showNotification` is given for a push: [title, options].
function notificationOf(push) {
  const options = {
    body: String(push.body ?? ""),
    data: { url: pageOf(push.url), kind: push.kind ?? "", matchId: push.match_id ?? "" },
    // The push is worded in the player's language (their setting): its tag, and its direction.
    lang: String(push.lang ?? "en"),
    dir: "auto",
  };
  if (push.tag) {
    options.tag = String(push.tag);
    options.renotify = true; // a replaced notice alerts again: it says something new
  }
  return [String(push.title || FALLBACK_TITLE), options];
}

const withoutHash = (url) => url.split("#")[0];

// Focuses a window already at `url` (a seat link's fragment aside), else opens one.
async function openPage(url) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => withoutHash(client.url) === withoutHash(url));
  if (open && "focus" in open) return open.focus();
  return self.clients.openWindow(url);
}

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  const [title, options] = notificationOf(readPush(event.data));
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openPage(event.notification.data?.url ?? pageOf("/")));
});
