// The account corner of every page's bar (`<nav id="account">`): signed out, a sign-in through
// the operator's OIDC provider and a guest sign-in (choose a name), each where the deployment
// offers it, and why this browser was signed out, if it was; signed in, the player's name,
// the matches waiting for their move (a count badge, `myturn.js`), their notices (a bell with
// the inbox, `notices.js`), their friends, their profile and games, the moderator page (for a
// moderator, `modlink.js`), and sign-out; their presence beats meanwhile (`heartbeat.js`). The
// leaderboards, tournaments and the API reference (`/api/`, for programs) are linked either way.
import { h } from "./common.js";
import "./heartbeat.js";
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

async function render(nav) {
  const player = currentPlayer();
  const leaderboards = [
    h("a", { href: "/leaderboard.html" }, "Leaderboards"),
    h("a", { href: "/tournaments.html" }, "Tournaments"),
    h("a", { href: "/api/", id: "api-reference" }, "API"),
  ];
  document.body.dataset.signedIn = String(Boolean(player));
  if (player) {
    nav.replaceChildren(
      ...leaderboards,
      turnLink(),
      bell(),
      h("a", { href: "/friends.html", id: "my-friends" }, "Friends"),
      h("a", { href: "/profile.html", id: "my-profile" }, "My games and profile"),
      moderatorLink(),
      h("span", { class: "who" }, "Signed in as ", h("strong", { id: "player-name" }, player.displayName)),
      h("button", { type: "button", id: "sign-out", class: "quiet", onclick: () => signOutHere() }, "Sign out"),
    );
    return;
  }
  const { guestSignIn, oidc } = await portalConfig();
  if (currentPlayer()) return; // signed in meanwhile: that render wins
  const error = h("span", { class: "sign-in-error", role: "alert", id: "sign-in-error" }, signedOutBecause);
  const offers = [];
  if (oidc) {
    const button = h("button", { type: "button", id: "oidc-sign-in" }, "Sign in");
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
    const name = h("input", {
      name: "guest-name", id: "guest-name", minlength: 2, maxlength: 24, required: "", autocomplete: "nickname",
      placeholder: "your name", "aria-label": "Your name as a guest",
    });
    const form = h("form", { class: "sign-in", id: "sign-in" },
      name, h("button", { type: "submit" }, "Sign in as a guest"));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      error.textContent = "";
      signInGuest(name.value).catch((refused) => {
        error.textContent = refused.message;
      });
    });
    offers.push(form);
  }
  nav.replaceChildren(...leaderboards, ...offers, ...(offers.length || signedOutBecause ? [error] : []));
}

const nav = document.getElementById("account");
if (nav) {
  render(nav);
  addEventListener(CHANGED, () => render(nav));
}
