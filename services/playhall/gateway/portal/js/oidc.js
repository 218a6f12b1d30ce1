// Signing in through the operator's OIDC provider: the Authorization Code flow with PKCE of a
// public client (the portal holds no secret). `startSignIn` sends the browser to the
// provider's authorization endpoint; the provider sends it back to /signin.html, whose
// `finishSignIn` checks the state, redeems the code with the PKCE verifier at the token
// endpoint (the one fetch to the provider's origin, beside its discovery document) and checks
// the ID token's issuer, audience, nonce and expiry. The ID token is what the portal then
// presents to Playhall: its `aud` is the portal's client id (PLAYHALL_JWT_AUDIENCE) on every
// provider, and it names the player (`name`, `preferred_username`), which access tokens need
// provider-specific mappers for. Its signature is checked by the orchestrator on every call.
import { t } from "./i18n.js";

const PENDING = "playhall.oidc.pending";
export const CALLBACK_PATH = "/signin.html";

export class SignInRefused extends Error {}

const base64url = (bytes) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const random = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

const discoveries = new Map();
// The provider's endpoints, from its discovery document (whose issuer must be the one configured).
function discover(issuer) {
  if (!discoveries.has(issuer)) {
    const url = issuer.replace(/\/$/, "") + "/.well-known/openid-configuration";
    discoveries.set(issuer, fetch(url).then(async (r) => {
      if (!r.ok) throw new SignInRefused(t("oidc-not-answering", { status: r.status }));
      const document = await r.json();
      if (document.issuer !== issuer) throw new SignInRefused(t("oidc-other-issuer"));
      return document;
    }).catch((error) => {
      discoveries.delete(issuer);
      throw error instanceof SignInRefused ? error : new SignInRefused(t("oidc-unreachable"));
    }));
  }
  return discoveries.get(issuer);
}

const redirectUri = () => location.origin + CALLBACK_PATH;

// Sends this tab to the provider; `oidc` is /portal/config.json's `oidc`. The state, nonce and
// PKCE verifier stay in this tab's sessionStorage until the provider sends it back.
export async function startSignIn(oidc) {
  const provider = await discover(oidc.issuer);
  const verifier = random();
  const challenge = base64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  // Back to this page afterwards, but never to the callback itself (signing in again after a refusal).
  const here = location.pathname === CALLBACK_PATH ? "/" : location.pathname + location.search;
  const pending = { state: random(), nonce: random(), verifier, returnTo: here };
  sessionStorage.setItem(PENDING, JSON.stringify(pending));
  const url = new URL(provider.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: oidc.clientId,
    redirect_uri: redirectUri(),
    scope: oidc.scope || "openid profile",
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  location.assign(url.href);
}

function claimsOf(idToken) {
  const part = String(idToken).split(".")[1] ?? "";
  try {
    const text = atob(part.replace(/-/g, "+").replace(/_/g, "/"));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(text, (c) => c.charCodeAt(0))));
  } catch {
    throw new SignInRefused(t("oidc-unreadable-token"));
  }
}

// Completes the sign-in the provider sent this tab back from (`params`: the callback's query):
// {idToken, claims, returnTo}, or SignInRefused with what went wrong, for the player.
export async function finishSignIn(oidc, params) {
  const pendingText = sessionStorage.getItem(PENDING);
  // Used once: a replayed or forged callback finds nothing to match.
  sessionStorage.removeItem(PENDING);
  const pending = pendingText ? JSON.parse(pendingText) : null;
  if (!pending || !params.get("state") || params.get("state") !== pending.state) {
    throw new SignInRefused(t("oidc-link-used"));
  }
  if (params.get("error")) {
    throw new SignInRefused(t("oidc-refused", { reason: params.get("error_description") || params.get("error") }));
  }
  const provider = await discover(oidc.issuer);
  let reply;
  try {
    reply = await fetch(provider.token_endpoint, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: params.get("code") ?? "",
        redirect_uri: redirectUri(),
        client_id: oidc.clientId,
        code_verifier: pending.verifier,
      }),
    });
  } catch {
    throw new SignInRefused(t("oidc-unreachable"));
  }
  const body = await reply.json().catch(() => ({}));
  if (!reply.ok || !body.id_token) {
    const why = body.error_description || body.error || t("portal-http-status", { status: reply.status });
    throw new SignInRefused(t("oidc-not-completed", { reason: why }));
  }
  const claims = claimsOf(body.id_token);
  const audiences = [].concat(claims.aud ?? []);
  if (claims.iss !== oidc.issuer || !audiences.includes(oidc.clientId)) {
    throw new SignInRefused(t("oidc-other-audience"));
  }
  if (claims.nonce !== pending.nonce) {
    throw new SignInRefused(t("oidc-other-nonce"));
  }
  if (!(Number(claims.exp) * 1000 > Date.now())) {
    throw new SignInRefused(t("oidc-expired"));
  }
  return { idToken: body.id_token, claims, returnTo: pending.returnTo || "/" };
}
