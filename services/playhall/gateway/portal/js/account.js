// The account corner of every page's bar (`<nav id="account">`): signed out, a guest sign-in
// (choose a name) where the deployment offers it; signed in, the player's name, their profile
// and games, and sign-out. The leaderboards are linked either way.
import { h } from "./common.js";
import { CHANGED, currentPlayer, portalConfig, signInGuest, signOut } from "./players.js";

async function render(nav) {
  const player = currentPlayer();
  const leaderboards = h("a", { href: "/leaderboard.html" }, "Leaderboards");
  document.body.dataset.signedIn = String(Boolean(player));
  if (player) {
    nav.replaceChildren(
      leaderboards,
      h("a", { href: "/profile.html", id: "my-profile" }, "My games and profile"),
      h("span", { class: "who" }, "Signed in as ", h("strong", { id: "player-name" }, player.displayName)),
      h("button", { type: "button", id: "sign-out", class: "quiet", onclick: () => signOut() }, "Sign out"),
    );
    return;
  }
  const { guestSignIn } = await portalConfig();
  if (currentPlayer()) return; // signed in meanwhile: that render wins
  if (!guestSignIn) {
    nav.replaceChildren(leaderboards);
    return;
  }
  const error = h("span", { class: "sign-in-error", role: "alert", id: "sign-in-error" });
  const name = h("input", {
    name: "guest-name", id: "guest-name", minlength: 2, maxlength: 24, required: "", autocomplete: "nickname",
    placeholder: "your name", "aria-label": "Your name as a guest",
  });
  const form = h("form", { class: "sign-in", id: "sign-in" },
    name, h("button", { type: "submit" }, "Sign in as a guest"), error);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    error.textContent = "";
    signInGuest(name.value).catch((refused) => {
      error.textContent = refused.message;
    });
  });
  nav.replaceChildren(leaderboards, form);
}

const nav = document.getElementById("account");
if (nav) {
  render(nav);
  addEventListener(CHANGED, () => render(nav));
}
