// A player's reputation in a line: karma, and the matches finished and abandoned it comes from.
import { h } from "./common.js";
import { formatNumber, t } from "./i18n.js";
import { num } from "./social.js";

export function reputationLine(reputation) {
  if (!reputation) return h("span", { class: "muted" }, t("reputation-unknown"));
  const karma = num(reputation.karma);
  return h("span", { class: "reputation" },
    t("reputation-karma"), " ", h("strong", { class: "karma", "data-karma": karma }, formatNumber(karma)),
    " · ", t("reputation-matches", { finished: num(reputation.finished), abandoned: num(reputation.abandoned) }));
}
