// The page the OIDC provider sends the browser back to (the redirect URI the operator
// registers, `<portal>/signin.html`): completes the sign-in, then returns to the page it was
// started on, or says on the page why it was refused.
import { finishSignIn } from "./oidc.js";
import { ready, t } from "./i18n.js";
import { portalConfig, signInWithToken } from "./players.js";

const status = document.getElementById("signin-status");
const error = document.getElementById("error");

async function complete() {
  await ready;
  const { oidc } = await portalConfig();
  if (!oidc) throw new Error(t("signin-no-provider"));
  const params = new URLSearchParams(location.search);
  // The code and state leave the address bar (and the history) at once.
  history.replaceState(null, "", location.pathname);
  const { idToken, claims, returnTo } = await finishSignIn(oidc, params);
  try {
    await signInWithToken(idToken, claims.exp);
  } catch (refused) {
    throw new Error(t("signin-not-accepted", { reason: refused.message }));
  }
  location.replace(returnTo);
}

complete().catch((refused) => {
  status.hidden = true;
  error.textContent = refused.message;
  error.hidden = false;
  document.body.dataset.signInRefused = "true";
});
