// The profile's "Programs and bots" section (the signed-in player's own profile only): their
// personal access tokens (made with a name, scopes and an expiry, the secret shown once; listed
// without secrets; revoked), and the upgrade of the account to a bot account, for good, offered
// until the account is one. Every refusal is the server's reason, in the section's own alert.
import { h } from "./common.js";
import { asPlayer, CHANGED, currentPlayer, players } from "./players.js";

const ACCOUNTS = "/playhall.api.v1.AccountService/";
const other = new URLSearchParams(location.search).get("player");
const $ = (id) => document.getElementById(id);
const accounts = (method, request = {}) => asPlayer(ACCOUNTS, method, request);
const when = (ms) => Number(ms) ? new Date(Number(ms)).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "never";

// The scopes by their contract names, each with what it lets a program do (the names a
// program's docs use: SCOPE_MATCH_PLAY is match:play).
const SCOPES = [
  ["SCOPE_MATCH_PLAY", "match:play", "create matches and play in them"],
  ["SCOPE_MATCH_READ", "match:read", "watch matches and read them"],
  ["SCOPE_BOT_PLAY", "bot:play", "everything a bot needs: play, challenges, the event stream"],
  ["SCOPE_CHALLENGE_READ", "challenge:read", "read your challenges"],
  ["SCOPE_CHALLENGE_WRITE", "challenge:write", "make and answer challenges"],
  ["SCOPE_EVENTS_READ", "events:read", "open your event stream"],
  ["SCOPE_PROFILE_READ", "profile:read", "read your profile and inbox"],
  ["SCOPE_PROFILE_WRITE", "profile:write", "change your settings and vacation"],
  ["SCOPE_CHAT_READ", "chat:read", "read the chat"],
  ["SCOPE_CHAT_WRITE", "chat:write", "write in the chat"],
  ["SCOPE_SOCIAL_READ", "social:read", "read your friends and presence"],
  ["SCOPE_SOCIAL_WRITE", "social:write", "follow, block, stay online"],
];
const scopeName = (wire) => SCOPES.find(([w]) => w === wire)?.[1] ?? wire;

function showError(message) {
  $("tokens-error").textContent = message;
  $("tokens-error").hidden = !message;
}

function tokenRow(token) {
  const revoke = h("button", { type: "button", class: "revoke" }, "Revoke");
  revoke.addEventListener("click", () => act(async () => {
    await accounts("RevokeAccessToken", { tokenId: token.tokenId });
    $("token-secret").hidden = true;
  }));
  return h("tr", { "data-token": token.tokenId },
    h("td", {}, token.name), h("td", {}, h("code", {}, `${token.prefix}…`)),
    h("td", {}, (token.scopes ?? []).map(scopeName).join(", ")),
    h("td", {}, when(token.createdUnixMs)), h("td", {}, when(token.lastUsedUnixMs)),
    h("td", {}, when(token.expiresUnixMs)), h("td", {}, revoke));
}

async function showTokens() {
  const { tokens = [] } = await accounts("ListAccessTokens");
  $("tokens").replaceChildren(...(tokens.length ? tokens.map(tokenRow)
    : [h("tr", {}, h("td", { colspan: 7, class: "muted" }, "No tokens."))]));
}

async function showBot() {
  const { player } = await players("GetRatings", { playerId: currentPlayer().playerId });
  $("bot-status").textContent = player?.bot
    ? "This account is a bot account: marked as a bot wherever its name is shown, rated among bots."
    : "A bot account is marked as a bot wherever its name is shown and rated among bots only. " +
      "Only an account that has never played a rated game can become one, and it stays one.";
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
    h("label", {}, h("input", { type: "checkbox", name: "scope", value: wire }), " ", h("code", {}, name), ` ${what}`)));
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
    if (confirm("Make this account a bot account? This cannot be undone.")) act(() => accounts("UpgradeToBot"));
  });
}

async function show() {
  const mine = Boolean(currentPlayer()) && !other;
  $("tokens-section").hidden = !mine;
  if (mine) await act(async () => {});
}

setUp();
addEventListener(CHANGED, () => show());
show();
