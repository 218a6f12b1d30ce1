// The account corner of every page's bar (`<nav id="account">`): signed out, a sign-in through
// the operator's OIDC provider and a guest sign-in (choose a name), each where the deployment
// offers it, and why this browser was signed out, if it was; signed in, the player's name,
// the matches waiting for their move (a count badge, `myturn.js`), their notices (a bell with
// the inbox, `notices.js`), their friends, their profile and games, the moderator page (for a
// moderator, `modlink.js`), and sign-out; their presence beats meanwhile (`heartbeat.js`). The
// leaderboards, tournaments, the API reference (`/api/`, for programs) and the language picker
// are there either way; every text is the catalogue's (`portal-common.ftl`).
import { h } from "./common.js";
import "./heartbeat.js";
import { language, languages, ready, setLanguage, t, translate } from "./i18n.js";
import { moderatorLink } from "./modlink.js";
import { turnLink } from "./myturn.js";
import { bell } from "./notices.js";
import { startSignIn } from "./oidc.js";
import { CHANGED, currentPlayer, players, portalConfig, signInGuest, signOut, signedOutBecause } from "./players.js";

// Signing out ends this browser's pushes too: a shared browser must not show the next person
// the previous player's notices. Whatever fails, the sign-out goes on.
async function signOutHere() {
  try {
    const registration = await navigator.serviceWorker?.getRegistration("/");
    const subscribed = await registration?.pushManager?.getSubscription();
    if (subscribed) {
      await players("RemovePushSubscription", { endpoint: subscribed.endpoint }).catch(() => {});
      await subscribed.unsubscribe().catch(() => {});
    }
  } finally {
    signOut();
  }
}

// The language picker: each language named in itself (and marked as such, for screen readers
// and fonts), the picker labelled in the page's language; none where one language is offered
// (a list of none or one element, to spread among the nav's).
function picker() {
  const { offered, names } = languages();
  if (offered.length < 2) return [];
  const select = h("select", { id: "language", "aria-label": t("portal-language-picker") },
    offered.map((lang) => h("option", { value: lang, lang, selected: lang === language() }, names[lang] || lang)));
  select.addEventListener("change", () => setLanguage(select.value));
  return [h("span", { class: "language" }, select)];
}

// An element whose text (and attributes) come from `key`, applied as translate() does.
function localized(tag, attrs, key, args = {}, ...children) {
  const element = h(tag, { ...attrs, "data-l10n-id": key, "data-l10n-args": JSON.stringify(args) }, ...children);
  translate(element);
  return element;
}

async function render(nav) {
  await ready;
  const player = currentPlayer();
  const leaderboards = [
    h("a", { href: "/leaderboard.html" }, t("account-leaderboards")),
    h("a", { href: "/tournaments.html" }, t("account-tournaments")),
    h("a", { href: "/api/", id: "api-reference" }, t("account-api")),
  ];
  document.body.dataset.signedIn = String(Boolean(player));
  if (player) {
    nav.replaceChildren(
      ...leaderboards,
      turnLink(),
      bell(),
      h("a", { href: "/friends.html", id: "my-friends" }, t("account-friends")),
      h("a", { href: "/profile.html", id: "my-profile" }, t("account-profile")),
      moderatorLink(),
      localized("span", { class: "who" }, "account-signed-in-as", { name: player.displayName },
        h("strong", { id: "player-name", "data-l10n-name": "name", dir: "auto" }, player.displayName)),
      h("button", { type: "button", id: "sign-out", class: "quiet", onclick: () => signOutHere() }, t("account-sign-out")),
      ...picker(),
    );
    return;
  }
  const { guestSignIn, oidc } = await portalConfig();
  if (currentPlayer()) return; // signed in meanwhile: that render wins
  const error = h("span", { class: "sign-in-error", role: "alert", id: "sign-in-error" }, signedOutBecause);
  const offers = [];
  if (oidc) {
    const button = h("button", { type: "button", id: "oidc-sign-in" }, t("account-sign-in"));
    button.addEventListener("click", () => {
      error.textContent = "";
      button.disabled = true;
      startSignIn(oidc).catch((refused) => {
        button.disabled = false;
        error.textContent = refused.message;
      });
    });
    offers.push(h("span", { class: "sign-in", id: "oidc" }, button));
  }
  if (guestSignIn) {
    const name = localized("input", {
      name: "guest-name", id: "guest-name", minlength: 2, maxlength: 24, required: "", autocomplete: "nickname",
      dir: "auto",
    }, "account-guest-name");
    const form = h("form", { class: "sign-in", id: "sign-in" },
      name, h("button", { type: "submit" }, t("account-guest-sign-in")));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      error.textContent = "";
      signInGuest(name.value).catch((refused) => {
        error.textContent = refused.message;
      });
    });
    offers.push(form);
  }
  nav.replaceChildren(...leaderboards, ...offers, ...(offers.length || signedOutBecause ? [error] : []), ...picker());
}

const nav = document.getElementById("account");
if (nav) {
  render(nav);
  addEventListener(CHANGED, () => render(nav));
}
