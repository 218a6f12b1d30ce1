// The bar's link to the moderator page, shown only to a moderator (GetProfile says whether the
// player's token is a moderator's). Asked once per token and page.
import { h } from "./common.js";
import { t } from "./i18n.js";
import { playerToken, players } from "./players.js";

const asked = new Map();

export function isModerator() {
  const token = playerToken();
  if (!token) return Promise.resolve(false);
  if (!asked.has(token)) {
    asked.set(token, players("GetProfile", {}).then((got) => Boolean(got.player?.moderator)).catch(() => false));
  }
  return asked.get(token);
}

export function moderatorLink() {
  const link = h("a", { href: "/moderation.html", id: "moderation-link", hidden: "" }, t("moderation-desk-link"));
  isModerator().then((yes) => { link.hidden = !yes; });
  return link;
}
