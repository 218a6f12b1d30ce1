// Undo at the table (issue 42). A move the server says this seat may take back (its own move of
// the turn that revealed and drew nothing, while nobody else moved since: MatchSummary's
// undoAvailable) is taken back by the match page's Undo button (match.js sends UndoMove); a
// move that can never be taken back and is made by one click (a Galileo pick or take, an
// Eynsteyn stone of the preparation) first asks for confirmation in a small dialog of the page
// (keyboard first: Send has the focus, Escape cancels). The match page's log and the replay say
// "undid a move" for an undo, and leave the move it took back off the board.
import { h } from "./common.js";
import { t } from "./i18n.js";

// Per title: the key of what to ask before a move that is final the moment it is sent (""
// asks nothing).
const FINAL = {
  galileo: (move) => (move.pick ? "table-confirm-galileo-pick" : move.take ? "table-confirm-galileo-take" : ""),
  eynsteyn: (move, view) => (move.place && view?.phase === "PHASE_PREPARATION" ? "table-confirm-eynsteyn-preparation" : ""),
};

// True when `move` may be sent: asked about first when it is final for the title, else at once.
export function confirmFinal(titleId, move, view) {
  const question = FINAL[titleId]?.(move, view) ?? "";
  return question ? ask(t(question)) : Promise.resolve(true);
}

function ask(question) {
  return new Promise((resolve) => {
    const send = h("button", { type: "button", value: "send" }, t("table-confirm-send"));
    const back = h("button", { type: "button", class: "secondary", value: "back" }, t("table-confirm-back"));
    const dialog = h("dialog", { id: "confirm-move", class: "confirm-move", "aria-label": t("table-confirm-label") },
      h("p", {}, question), h("p", { class: "actions" }, send, back));
    const close = (answer) => {
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    send.addEventListener("click", () => close(true));
    back.addEventListener("click", () => close(false));
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      close(false);
    });
    document.body.append(dialog);
    dialog.showModal();
    send.focus();
  });
}

// The line the log shows for an undo by `name`.
export const undoLine = (name) => t("table-log-undo", { player: name });

// The versions of the moves that `changes` (a match's log, or its start) took back.
export function undoneVersions(changes) {
  return new Set(changes.filter((c) => c.undidVersion).map((c) => String(c.undidVersion)));
}
