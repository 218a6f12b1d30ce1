// The profile's "Programs and bots" section (the signed-in player's own profile only): their
// personal access tokens (made with a name, scopes and an expiry, the secret shown once; listed
// without secrets; revoked), and the upgrade of the account to a bot account, for good, offered
// until the account is one. Every refusal is the server's reason, in the section's own alert.
import { h, listOf } from "./common.js";
import { formatDate, ready, t } from "./i18n.js";
import { asPlayer, CHANGED, currentPlayer, players } from "./players.js";

const ACCOUNTS = "/playhall.api.v1.AccountService/";
const other = new URLSearchParams(location.search).get("player");
const $ = (id) => document.getElementById(id);
const accounts = (method, request = {}) => asPlayer(ACCOUNTS, method, request);
const when = (ms) => (Number(ms) ? formatDate(new Date(Number(ms)), { dateStyle: "medium", timeStyle: "short" }) : t("tokens-never"));

// The scopes by their contract names, each with the key of what it lets a program do (the
// names a program's docs use: SCOPE_MATCH_PLAY is match:play, never translated).
const SCOPES = [
  ["SCOPE_MATCH_PLAY", "match:play", "tokens-scope-match-play"],
  ["SCOPE_MATCH_READ", "match:read", "tokens-scope-match-read"],
  ["SCOPE_BOT_PLAY", "bot:play", "tokens-scope-bot-play"],
  ["SCOPE_CHALLENGE_READ", "challenge:read", "tokens-scope-challenge-read"],
  ["SCOPE_CHALLENGE_WRITE", "challenge:write", "tokens-scope-challenge-write"],
  ["SCOPE_EVENTS_READ", "events:read", "tokens-scope-events-read"],
  ["SCOPE_PROFILE_READ", "profile:read", "tokens-scope-profile-read"],
  ["SCOPE_PROFILE_WRITE", "profile:write", "tokens-scope-profile-write"],
  ["SCOPE_CHAT_READ", "chat:read", "tokens-scope-chat-read"],
  ["SCOPE_CHAT_WRITE", "chat:write", "tokens-scope-chat-write"],
  ["SCOPE_SOCIAL_READ", "social:read", "tokens-scope-social-read"],
  ["SCOPE_SOCIAL_WRITE", "social:write", "tokens-scope-social-write"],
];
const scopeName = (wire) => SCOPES.find(([w]) => w === wire)?.[1] ?? wire;

function showError(message) {
  $("tokens-error").textContent = message;
  $("tokens-error").hidden = !message;
}

function tokenRow(token) {
  const revoke = h("button", { type: "button", class: "revoke" }, t("tokens-revoke"));
  revoke.addEventListener("click", () => act(async () => {
    await accounts("RevokeAccessToken", { tokenId: token.tokenId });
    $("token-secret").hidden = true;
  }));
  return h("tr", { "data-token": token.tokenId },
    h("td", { dir: "auto" }, token.name), h("td", {}, h("code", {}, `${token.prefix}…`)),
    h("td", {}, listOf((token.scopes ?? []).map(scopeName), "unit")),
    h("td", {}, when(token.createdUnixMs)), h("td", {}, when(token.lastUsedUnixMs)),
    h("td", {}, when(token.expiresUnixMs)), h("td", {}, revoke));
}

async function showTokens() {
  const { tokens = [] } = await accounts("ListAccessTokens");
  $("tokens").replaceChildren(...(tokens.length ? tokens.map(tokenRow)
    : [h("tr", {}, h("td", { colspan: 7, class: "muted" }, t("tokens-none")))]));
}

async function showBot() {
  const { player } = await players("GetRatings", { playerId: currentPlayer().playerId });
  $("bot-status").textContent = t(player?.bot ? "tokens-bot-account" : "tokens-bot-offer");
  $("upgrade").hidden = Boolean(player?.bot);
}

// Runs a change, then shows the section again; a refusal is the server's reason.
async function act(change) {
  showError("");
  try {
    await change();
    await Promise.all([showTokens(), showBot()]);
  } catch (error) {
    showError(error.message);
  }
}

function setUp() {
  $("token-scopes").replaceChildren(...SCOPES.map(([wire, name, what]) =>
    h("label", {}, h("input", { type: "checkbox", name: "scope", value: wire }), " ", h("code", {}, name), " ", t(what))));
  $("token-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const form = event.target;
    const scopes = [...form.querySelectorAll("input[name=scope]:checked")].map((box) => box.value);
    act(async () => {
      const made = await accounts("CreateAccessToken",
        { name: form.elements.name.value, scopes, expiresInDays: Number(form.elements.days.value) });
      $("token-secret-value").textContent = made.secret;
      $("token-secret").hidden = false;
      form.reset();
      $("token-secret-value").focus();
    });
  });
  $("upgrade").addEventListener("click", () => {
    if (confirm(t("tokens-upgrade-confirm"))) act(() => accounts("UpgradeToBot"));
  });
}

async function show() {
  const mine = Boolean(currentPlayer()) && !other;
  $("tokens-section").hidden = !mine;
  if (mine) await act(async () => {});
}

await ready;
setUp();
addEventListener(CHANGED, () => show());
show();
