// The friends page: the signed-in player's friends, the players they follow, their followers
// (each with a dot saying whether they are online, as FriendsService tells it) and the players
// they blocked, with follow, unfollow, block and unblock. It follows presence every 30 s.
import { h } from "./common.js";
import { ready, t } from "./i18n.js";
import { friends } from "./social.js";
import { CHANGED, currentPlayer } from "./players.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 30_000;
const PAGE = 200;
const CIRCLES = { friends: "CIRCLE_FRIENDS", following: "CIRCLE_FOLLOWING", followers: "CIRCLE_FOLLOWERS" };
// Each action's button, by its FriendsService method: the word, and the label naming the player.
const ACTIONS = {
  Follow: ["friends-follow", "friends-follow-name"],
  Unfollow: ["friends-unfollow", "friends-unfollow-name"],
  Block: ["friends-block", "friends-block-name"],
  Unblock: ["friends-unblock", "friends-unblock-name"],
};

function say(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

async function act(method, playerId) {
  say("");
  try {
    await friends(method, { playerId });
  } catch (error) {
    say(error.message);
  }
  await show();
}

function person(p, actions, withPresence = true) {
  const name = p.displayName || p.playerId;
  return h("li", { "data-player": p.playerId, "data-online": String(Boolean(p.online)) },
    withPresence ? h("span", { class: `presence ${p.online ? "online" : "offline"}` }, t(p.online ? "friends-online" : "friends-offline")) : "",
    h("a", { href: `/profile.html?player=${encodeURIComponent(p.playerId)}`, dir: "auto" }, name), " ",
    ...actions.map((method) => {
      const [word, label] = ACTIONS[method];
      return h("button", { type: "button", class: "quiet-button", "data-action": method, "aria-label": t(label, { name }), onclick: () => act(method, p.playerId) }, t(word));
    }));
}

function fill(list, people, actions, withPresence) {
  list.replaceChildren(...(people.length ? people.map((p) => person(p, actions, withPresence)) : [h("li", { class: "muted" }, t("friends-nobody"))]));
}

async function show() {
  const signedIn = Boolean(currentPlayer());
  $("signed-out").hidden = signedIn;
  $("circles").hidden = !signedIn;
  if (!signedIn) return;
  const [friendsOf, following, followers, blocked] = await Promise.all([
    ...Object.values(CIRCLES).map((circle) => friends("ListFriends", { circle, pageSize: PAGE })),
    friends("ListBlocked", { pageSize: PAGE }),
  ]);
  fill($("friends"), friendsOf.people ?? [], ["Unfollow", "Block"]);
  fill($("following"), following.people ?? [], ["Unfollow", "Block"]);
  fill($("followers"), followers.people ?? [], ["Follow", "Block"]);
  fill($("blocked"), blocked.people ?? [], ["Unblock"], false);
  document.body.dataset.loaded = "true";
}

const refresh = () => show().catch((error) => say(error.message));
await ready;
addEventListener(CHANGED, refresh);
refresh();
setInterval(refresh, REFRESH_MS);
