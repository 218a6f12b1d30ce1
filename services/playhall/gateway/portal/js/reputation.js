// A player's reputation in a line: karma, and the matches finished and abandoned it comes from.
import { h } from "./common.js";
import { num } from "./social.js";

export function reputationLine(reputation) {
  if (!reputation) return h("span", { class: "muted" }, "karma unknown for now");
  const finished = num(reputation.finished);
  const abandoned = num(reputation.abandoned);
  return h("span", { class: "reputation" },
    "Karma ", h("strong", { class: "karma", "data-karma": num(reputation.karma) }, String(num(reputation.karma))),
    ` · ${finished} match${finished === 1 ? "" : "es"} finished, ${abandoned} abandoned`);
}
