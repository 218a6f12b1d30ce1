// The friends page: the signed-in player's friends, the players they follow, their followers
// (each with a dot saying whether they are online, as FriendsService tells it) and the players
// they blocked, with follow, unfollow, block and unblock. It follows presence every 30 s.
import { h } from "./common.js";
import { friends } from "./social.js";
import { CHANGED, currentPlayer } from "./players.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 30_000;
const PAGE = 200;
const CIRCLES = { friends: "CIRCLE_FRIENDS", following: "CIRCLE_FOLLOWING", followers: "CIRCLE_FOLLOWERS" };

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
    withPresence ? h("span", { class: `presence ${p.online ? "online" : "offline"}` }, p.online ? "online" : "not online") : "",
    h("a", { href: `/profile.html?player=${encodeURIComponent(p.playerId)}` }, name), " ",
    ...actions.map(([method, text]) =>
      h("button", { type: "button", class: "quiet-button", "data-action": method, "aria-label": `${text} ${name}`, onclick: () => act(method, p.playerId) }, text)));
}

function fill(list, people, actions, withPresence) {
  list.replaceChildren(...(people.length ? people.map((p) => person(p, actions, withPresence)) : [h("li", { class: "muted" }, "nobody")]));
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
  fill($("friends"), friendsOf.people ?? [], [["Unfollow", "Unfollow"], ["Block", "Block"]]);
  fill($("following"), following.people ?? [], [["Unfollow", "Unfollow"], ["Block", "Block"]]);
  fill($("followers"), followers.people ?? [], [["Follow", "Follow"], ["Block", "Block"]]);
  fill($("blocked"), blocked.people ?? [], [["Unblock", "Unblock"]], false);
  document.body.dataset.loaded = "true";
}

const refresh = () => show().catch((error) => say(error.message));
addEventListener(CHANGED, refresh);
refresh();
setInterval(refresh, REFRESH_MS);
