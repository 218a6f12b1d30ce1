// Another player's profile (?player=<id>), signed in: what the two players are to each other
// (GetRelation: follows either way, a block either way, the player online or not, never across
// a block), follow / unfollow and block / unblock, the challenge form and a report of the player.
// Across a block the server refuses a follow or a challenge with its reason, shown here.
import { h } from "./common.js";
import { challengeForm } from "./challengeform.js";
import { ready, t } from "./i18n.js";
import { reportForm } from "./reportform.js";
import { friends, moderation } from "./social.js";
import { CHANGED, currentPlayer, publicRead } from "./players.js";

const $ = (id) => document.getElementById(id);
const other = new URLSearchParams(location.search).get("player");

function say(message) {
  $("relation-error").textContent = message;
  $("relation-error").hidden = !message;
}

function facts(relation) {
  const keys = [];
  if (relation.following && relation.followedBy) keys.push("relation-friends");
  else if (relation.following) keys.push("relation-you-follow");
  else if (relation.followedBy) keys.push("relation-they-follow");
  if (relation.blocking) keys.push("relation-you-blocked");
  if (relation.blockedBy) keys.push("relation-they-blocked");
  return keys.map((key) => t(key));
}

// The buttons' words, by the FriendsService method each calls.
const BUTTONS = { Follow: "friends-follow", Unfollow: "friends-unfollow", Block: "friends-block", Unblock: "friends-unblock" };

async function act(method, playerId) {
  say("");
  try {
    await friends(method, { playerId });
  } catch (error) {
    say(error.message);
  }
  await show();
}

function controls(relation) {
  const button = (method) => h("button", { type: "button", "data-action": method, onclick: () => act(method, other) }, t(BUTTONS[method]));
  return [button(relation.following ? "Unfollow" : "Follow"), button(relation.blocking ? "Unblock" : "Block")];
}

let shownName = null;
// The player's name, for the forms' labels (asked once).
async function nameOf(playerId) {
  shownName ??= publicRead("GetRatings", { playerId }).then((got) => got.player?.displayName || t("relation-this-player"));
  return shownName;
}

async function show() {
  const me = currentPlayer();
  const section = $("relation-section");
  section.hidden = !me || !other || other === me.playerId;
  if (section.hidden) return;
  const [relation, name] = await Promise.all([friends("GetRelation", { playerId: other }), nameOf(other)]);
  const words = facts(relation);
  $("relation").replaceChildren(
    h("span", { class: `presence ${relation.online ? "online" : "offline"}`, "data-online": String(Boolean(relation.online)) },
      t(relation.online ? "friends-online" : "friends-offline")),
    words.length ? ` · ${words.join(" · ")}` : "");
  section.dataset.following = String(Boolean(relation.following));
  section.dataset.blocking = String(Boolean(relation.blocking));
  $("relation-actions").replaceChildren(...controls(relation));
  if (!$("relation-challenge").firstChild) $("relation-challenge").append(challengeForm({ playerId: other, name }));
  if (!$("relation-report").firstChild) $("relation-report").append(reportForm(name, (report) => moderation("ReportPlayer", { playerId: other, ...report })));
}

const refresh = () => show().catch((error) => say(error.message));
await ready;
addEventListener(CHANGED, refresh);
refresh();
