// The portal's language: which one a page speaks, its texts from the gateway's Fluent
// catalogues (`/locales/<lang>.ftl`, a title's `/locales/<title>/<major>/<lang>.ftl`), and
// numbers, dates, durations and lists in its formats (the browser's Intl).
//
//   await ready;                                 // catalogue loaded, document translated
//   t("lobby-open-tables", { count });           // a string: this language, English, the key
//   await loadTitle("galileo", "galileo/1.0");   // adds a title's catalogue (its rules major)
//   translate(element);                          // applies data-l10n-id / data-l10n-args
//   formatNumber(n), formatDate(date), formatDuration(seconds), formatList(items)
//   language(), languages(), setLanguage("de")   // setLanguage saves the choice and reloads
//
// The language is, in order: the choice saved in this browser (the picker's), the signed-in
// player's (NotificationSettings.language), the browser's languages, the deployment's default;
// always one the deployment offers (`/locales/languages.json`). English is the fallback
// bundle: a key a translation lacks shows in English rather than as a key.
//
// In markup, `<h2 data-l10n-id="page-lobby-heading">Open tables</h2>`: the key decides, the
// English inside is only what shows before the catalogue arrives. A message's attributes
// (`.placeholder = ...`) become the element's attributes; a `<strong data-l10n-name="name">`
// child keeps its element when the translation moves it.
//
// This module imports nothing of the portal's own (connect.js and players.js import it), so it
// reads the player's token from players.js's storage and calls PlayerService with fetch.
import { FluentBundle, FluentResource } from "../vendor/fluent-bundle/index.js";

const SAVED = "playhall.language";
const PROFILE = "playhall.profile-language";
const PLAYER = "playhall.player";
const PLAYERS = "/playhall.players.v1.PlayerService/";
const SOURCE = "en";
// What a page assumes until languages.json arrives (the shipped set), to set lang and dir early.
const ASSUMED = { offered: ["en", "de", "fa"], default: SOURCE, rtl: ["fa"], names: {} };
// Attributes a translation may set: the ones a person reads (never href, src or on*).
const READABLE = new Set(["title", "aria-label", "aria-description", "placeholder", "alt", "label", "value"]);

let offer = ASSUMED;
let current = SOURCE;
const bundles = new Map(); // language -> FluentBundle
const titles = new Map(); // "title/major" -> Promise

// The signed-in player ({token, playerId, ...} as players.js keeps it), or null.
function player() {
  try {
    const saved = JSON.parse(localStorage.getItem(PLAYER) || "null");
    return Number(saved?.expiresUnix) * 1000 > Date.now() ? saved : null;
  } catch {
    return null;
  }
}

function saved() {
  try {
    return localStorage.getItem(SAVED) || "";
  } catch {
    return "";
  }
}

// The first of `wanted` (BCP 47 tags, most preferred first) the deployment offers, by language.
function negotiate(wanted) {
  for (const tag of wanted) {
    const lang = String(tag || "").toLowerCase().split(/[-_]/)[0];
    if (offer.offered.includes(lang)) return lang;
  }
  return null;
}

function apply(lang) {
  current = lang;
  document.documentElement.lang = lang;
  document.documentElement.dir = offer.rtl.includes(lang) ? "rtl" : "ltr";
}

async function playersCall(method, request) {
  const bearer = player()?.token;
  if (!bearer) return null;
  const response = await fetch(PLAYERS + method, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "connect-protocol-version": "1",
      "accept-language": current,
      authorization: `Bearer ${bearer}`,
    },
    body: JSON.stringify(request),
  });
  return response.ok ? response.json() : null;
}

// The signed-in player's language, asked once a browser session and player (the picker
// updates it).
async function profileLanguage() {
  const signedIn = player();
  if (!signedIn) return "";
  const cached = `${PROFILE}.${signedIn.playerId}`;
  const known = sessionStorage.getItem(cached);
  if (known !== null) return known;
  const got = await playersCall("GetNotificationSettings", {}).catch(() => null);
  const lang = got?.settings?.language || "";
  if (got) sessionStorage.setItem(cached, lang);
  return lang;
}

async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

function bundleOf(lang) {
  let bundle = bundles.get(lang);
  if (!bundle) {
    // Isolation marks keep a Latin name inside a Persian sentence (and the reverse) in order.
    bundle = new FluentBundle(lang, { useIsolating: true });
    bundles.set(lang, bundle);
  }
  return bundle;
}

function addSource(lang, text) {
  const errors = bundleOf(lang).addResource(new FluentResource(text));
  for (const error of errors) console.warn(`catalogue ${lang}: ${error.message}`);
}

// The languages to load a catalogue in: this one and English behind it.
const chain = () => (current === SOURCE ? [SOURCE] : [current, SOURCE]);

async function load(urlOf) {
  const texts = await Promise.all(chain().map((lang) => fetchText(urlOf(lang))));
  chain().forEach((lang, i) => addSource(lang, texts[i]));
}

// The message of `key` and the bundle holding it, in this language or English.
function find(key) {
  for (const lang of chain()) {
    const bundle = bundles.get(lang);
    const message = bundle?.getMessage(key);
    if (message) return { bundle, message };
  }
  return null;
}

function format(bundle, pattern, args) {
  const errors = [];
  const text = bundle.formatPattern(pattern, args, errors);
  for (const error of errors) console.warn(`message: ${error.message}`);
  return text;
}

// The text of `key` with `args`: in this language, else English, else the key itself.
export function t(key, args = {}) {
  const found = find(key);
  if (!found?.message.value) return key;
  return format(found.bundle, found.message.value, args);
}

// The value and attributes of `key` (what translate() applies), or null.
function resolve(key, args) {
  const found = find(key);
  if (!found) return null;
  const { bundle, message } = found;
  const attributes = Object.entries(message.attributes).map(([name, pattern]) => [name, format(bundle, pattern, args)]);
  return { value: message.value ? format(bundle, message.value, args) : null, attributes };
}

// Sets `element`'s text to `value`, keeping the children the translation names by
// data-l10n-name (their element and attributes, its text inside); any other markup in the
// translation is shown as plain text, never parsed into the page.
function overlay(element, value) {
  if (!value.includes("<")) {
    element.textContent = value;
    return;
  }
  const named = new Map([...element.querySelectorAll("[data-l10n-name]")].map((child) => [child.dataset.l10nName, child]));
  const template = document.createElement("template");
  template.innerHTML = value;
  const nodes = [...template.content.childNodes].map((node) => {
    const original = node.nodeType === Node.ELEMENT_NODE ? named.get(node.getAttribute("data-l10n-name")) : null;
    if (!original) return document.createTextNode(node.textContent);
    const kept = original.cloneNode(false);
    kept.textContent = node.textContent;
    return kept;
  });
  element.replaceChildren(...nodes);
}

function translateOne(element) {
  let args = {};
  try {
    args = JSON.parse(element.dataset.l10nArgs || "{}");
  } catch {
    console.warn(`data-l10n-args of ${element.dataset.l10nId} is not JSON`);
  }
  const resolved = resolve(element.dataset.l10nId, args);
  if (!resolved) return;
  if (resolved.value !== null) overlay(element, resolved.value);
  for (const [name, text] of resolved.attributes) {
    if (READABLE.has(name)) element.setAttribute(name, text);
  }
}

// Translates `root` and every element under it that has a data-l10n-id.
export function translate(root = document.documentElement) {
  if (root.dataset?.l10nId) translateOne(root);
  for (const element of root.querySelectorAll("[data-l10n-id]")) translateOne(element);
}

// Adds a title's catalogue at the major version of `rulesVersion` ("galileo/1.0" -> 1), once.
// A catalogue that cannot load leaves the title's keys to show as keys (and says why).
export function loadTitle(titleId, rulesVersion) {
  const major = String(rulesVersion || "").split("/").pop().split(".")[0] || "1";
  const id = `${titleId}/${major}`;
  if (!titles.has(id)) {
    const loading = ready.then(() => load((lang) => `/locales/${id}/${lang}.ftl`));
    titles.set(id, loading.catch((error) => console.warn(`catalogue of ${id}: ${error.message}`)));
  }
  return titles.get(id);
}

export const language = () => current;

// {offered, default, rtl, names} of this deployment.
export const languages = () => offer;

export const formatNumber = (value, options = {}) => new Intl.NumberFormat(current, options).format(value);

export const formatDate = (date, options = { dateStyle: "medium", timeStyle: "short" }) =>
  new Intl.DateTimeFormat(current, options).format(date instanceof Date ? date : new Date(date));

export const formatList = (items, options = { type: "conjunction" }) =>
  new Intl.ListFormat(current, options).format(items.map(String));

// `seconds` as the largest units that matter ("2 hr, 5 min"; style "long" spells them out,
// "digital" is a clock's "1:05:00").
export function formatDuration(seconds, { style = "short" } = {}) {
  let left = Math.max(0, Math.round(Number(seconds) || 0));
  const parts = {};
  for (const [unit, size] of [["days", 86400], ["hours", 3600], ["minutes", 60], ["seconds", 1]]) {
    parts[unit] = Math.floor(left / size);
    left %= size;
  }
  const options = { style };
  if (style === "digital") {
    parts.hours += parts.days * 24;
    delete parts.days;
  } else {
    // The two largest units say enough for a person ("3 days, 4 hr", not the seconds too).
    const shown = Object.keys(parts).filter((unit) => parts[unit]).slice(0, 2);
    for (const unit of Object.keys(parts)) if (!shown.includes(unit)) delete parts[unit];
    if (!shown.length) options.secondsDisplay = "always"; // "0 sec", not nothing
  }
  if (typeof Intl.DurationFormat === "function") {
    return new Intl.DurationFormat(current, options).format(parts);
  }
  const units = Object.entries(parts).map(([unit, n]) =>
    formatNumber(n, { style: "unit", unit: unit.slice(0, -1), unitDisplay: style === "long" ? "long" : "short" }));
  return formatList(units, { type: "unit", style: "short" });
}

// Saves `lang` as this browser's choice and the signed-in player's, then reloads the page.
export async function setLanguage(lang) {
  localStorage.setItem(SAVED, lang);
  const signedIn = player();
  if (signedIn) sessionStorage.setItem(`${PROFILE}.${signedIn.playerId}`, lang);
  // The whole settings go back (Update replaces them); a server that lacks the field, or a
  // failed call, leaves the choice in this browser alone.
  const got = await playersCall("GetNotificationSettings", {}).catch(() => null);
  if (got?.settings) {
    await playersCall("UpdateNotificationSettings", { settings: { ...got.settings, language: lang } }).catch(() => null);
  }
  location.reload();
}

async function start() {
  offer = await fetch("/locales/languages.json")
    .then((response) => (response.ok ? response.json() : ASSUMED))
    .catch(() => ASSUMED);
  const chosen = negotiate([saved()]) || negotiate([await profileLanguage()]);
  apply(chosen || negotiate(navigator.languages || [navigator.language]) || offer.default);
  await load((lang) => `/locales/${lang}.ftl`);
  translate();
}

// Before anything loads: the saved choice or the browser's, so the layout's direction is right
// from the first paint in most cases.
apply(negotiate([saved()]) || negotiate(navigator.languages || [navigator.language]) || SOURCE);

// Resolves once this page's catalogue is loaded and its markup translated; a page whose
// catalogue cannot load still resolves, showing the English in its markup.
export const ready = start().catch((error) => console.warn(`catalogue: ${error.message}`));
