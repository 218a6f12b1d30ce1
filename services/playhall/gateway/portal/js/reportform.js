// A report, folded under a "Report" button (a <details>): a reason from the fixed list and an
// optional comment; `send({reason, comment})` files it (ReportMessage or ReportPlayer), and the
// form says it was filed, or the server's reason for a refusal.
import { h } from "./common.js";
import { t } from "./i18n.js";
import { REPORT_REASONS } from "./social.js";

let forms = 0;

// `what`: the thing reported in words ("Ana's message", "Ana"), for the button's label.
export function reportForm(what, send) {
  const n = ++forms;
  const reason = h("select", { name: "reason", id: `report-reason-${n}` },
    ...Object.entries(REPORT_REASONS).map(([value, key]) => h("option", { value }, t(key))));
  const comment = h("input", { name: "comment", id: `report-comment-${n}`, maxlength: 500, placeholder: t("lobby-optional"), dir: "auto" });
  const note = h("p", { class: "report-note", role: "status" });
  const form = h("form", { class: "report-form" },
    h("label", { for: reason.id }, t("report-form-why")), " ", reason, " ",
    h("label", { for: comment.id }, t("report-form-comment")), " ", comment,
    h("button", { type: "submit" }, t("report-form-send")), note);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    note.classList.remove("refused");
    try {
      const { alreadyReported } = await send({ reason: reason.value, comment: comment.value.trim() });
      note.textContent = alreadyReported ? t("report-form-already") : t("report-form-filed");
    } catch (error) {
      note.textContent = error.message;
      note.classList.add("refused");
    }
  });
  return h("details", { class: "report" }, h("summary", { "aria-label": t("report-form-label", { what }) }, t("report-form-summary")), form);
}
