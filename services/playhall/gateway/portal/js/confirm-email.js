// The page a confirmation mail links to (`<portal>/confirm-email.html?token=...`, mailed by the
// notifier): calls PlayerService.ConfirmEmail with the mail's token (no sign-in needed: the
// token says whose address it is) and says which address was confirmed, or why not.
import { call } from "./connect.js";
import { ready, t } from "./i18n.js";

const PLAYERS = "/playhall.players.v1.PlayerService/";
const status = document.getElementById("status");
const confirmed = document.getElementById("confirmed");
const error = document.getElementById("error");

async function confirmAddress() {
  await ready;
  const token = new URLSearchParams(location.search).get("token");
  if (!token) throw new Error(t("confirm-no-token"));
  try {
    const { email } = await call("ConfirmEmail", { token }, { service: PLAYERS });
    // Used up: the token leaves the address bar (and the history); until then a reload
    // tries again.
    history.replaceState(null, "", location.pathname);
    return email;
  } catch (refused) {
    throw new Error(t("confirm-refused", { reason: refused.message }));
  }
}

confirmAddress().then((email) => {
  status.hidden = true;
  confirmed.textContent = t("confirm-done", { email });
  confirmed.hidden = false;
  document.body.dataset.confirmed = "true";
}, (refused) => {
  status.hidden = true;
  error.textContent = refused.message;
  error.hidden = false;
  document.body.dataset.confirmed = "false";
});
