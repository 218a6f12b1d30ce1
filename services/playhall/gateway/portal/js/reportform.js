// A report, folded under a "Report" button (a <details>): a reason from the fixed list and an
// optional comment; `send({reason, comment})` files it (ReportMessage or ReportPlayer), and the
// form says it was filed, or the server's reason for a refusal.
import { h } from "./common.js";
import { REPORT_REASONS } from "./social.js";

let forms = 0;

export function reportForm(what, send) {
  const n = ++forms;
  const reason = h("select", { name: "reason", id: `report-reason-${n}` },
    ...Object.entries(REPORT_REASONS).map(([value, text]) => h("option", { value }, text)));
  const comment = h("input", { name: "comment", id: `report-comment-${n}`, maxlength: 500, placeholder: "optional" });
  const note = h("p", { class: "report-note", role: "status" });
  const form = h("form", { class: "report-form" },
    h("label", { for: reason.id }, "Why: "), reason,
    h("label", { for: comment.id }, "Comment: "), comment,
    h("button", { type: "submit" }, "Send the report"), note);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    note.classList.remove("refused");
    try {
      const { alreadyReported } = await send({ reason: reason.value, comment: comment.value.trim() });
      note.textContent = alreadyReported ? "You reported this already: the moderators have it." : "Reported: a moderator will look at it.";
    } catch (error) {
      note.textContent = error.message;
      note.classList.add("refused");
    }
  });
  return h("details", { class: "report" }, h("summary", { "aria-label": `Report ${what}` }, "Report"), form);
}
