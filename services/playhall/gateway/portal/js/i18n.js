// The portal's language: which one a page speaks, its texts from the gateway's Fluent
// catalogues (`/locales/<lang>.ftl`, a title's `/locales/<title>/<major>/<lang>.ftl`), and
// numbers, dates, durations and lists in its formats (the browser's Intl).
//
//   await ready;                                 // catalogue loaded, document translated
//   t("portal-unreachable", { reason });         // a string: this language, English, the key
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
// A page whose markup is translated says so, `<html lang="en" data-l10n-root>`, and its lang
// and dir follow the language. In markup, `<h2 data-l10n-id="page-lobby-heading">Lobby</h2>`:
// the key decides, the English inside is only what shows before the catalogue arrives. A
// message's attributes (`.placeholder = ...`) become the element's attributes; a child such as
// `<strong data-l10n-name="name">` stays the page's element where the translation puts it.
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
// Attributes a translation may set: the ones a person reads (never href, src, value or on*).
const READABLE = new Set(["title", "aria-label", "aria-description", "placeholder", "alt", "label"]);

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

// The page takes `lang`: a translated page (`<html data-l10n-root>`) as a whole; a page written
// in one language (a how-to page, in English, German or Persian) keeps its own and only its
// header, the portal's chrome, speaks `lang`.
function apply(lang) {
  current = lang;
  const root = document.documentElement;
  const speaking = root.hasAttribute("data-l10n-root") ? root : document.querySelector("header.bar");
  if (!speaking) return;
  speaking.lang = lang;
  speaking.dir = offer.rtl.includes(lang) ? "rtl" : "ltr";
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

// Letters written right to left (Hebrew, Arabic, Persian), and any other letter.
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const LTR_LETTER = /(?![\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF])\p{L}/u;

// Fluent isolates every argument; the marks stay only around one that holds a letter of the
// other direction than the page's (a Latin name in Persian, a Persian name in English), where
// they keep the sentence in order. Elsewhere they would only reach the text a person copies
// or a program reads ("page \u20682\u2069").
function isolateWhereNeeded(text) {
  const other = offer.rtl.includes(current) ? LTR_LETTER : RTL_LETTER;
  // Innermost first: a plural's marks go once the number's inside it have gone.
  let before;
  let after = text;
  do {
    before = after;
    after = before.replace(/\u2068([^\u2068\u2069]*)\u2069/g, (whole, inner) => (other.test(inner) ? `\uE002${inner}\u2069` : inner));
  } while (after !== before);
  return after.replace(/\uE002/g, "\u2068");
}

function format(bundle, pattern, args) {
  const errors = [];
  const text = bundle.formatPattern(pattern, args, errors);
  for (const error of errors) console.warn(`message: ${error.message}`);
  return isolateWhereNeeded(text);
}

// The text of `key` with `args`: in this language, else English, else the key itself.
export function t(key, args = {}) {
  const found = find(key);
  if (!found?.message.value) return key;
  return format(found.bundle, found.message.value, args);
}

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
const escape = (text) => text.replace(/[&<>]/g, (c) => ESCAPES[c]);
const unescape = (text) => text.replace(/&(amp|lt|gt);/g, (entity) => ({ "&amp;": "&", "&lt;": "<", "&gt;": ">" })[entity]);

// The value and attributes of `key` (what translate() applies), or null. The value is
// markup-escaped text: only the translation's own markup (a named element) is markup in it, an
// argument's "<" (a player's name) never.
function resolve(key, args) {
  const found = find(key);
  if (!found) return null;
  const { bundle, message } = found;
  const attributes = Object.entries(message.attributes).map(([name, pattern]) => [name, format(bundle, pattern, args)]);
  const escaped = Object.fromEntries(
    Object.entries(args).map(([name, value]) => [name, typeof value === "string" ? escape(value) : value]));
  return { value: message.value ? format(bundle, message.value, escaped) : null, attributes };
}

// Sets `element`'s text to `markup`. A child the translation names by data-l10n-name is the
// page's own element, moved where the translation puts it (its listeners, attributes and
// references kept), with the translation's text inside if it gives any (an empty one, such as
// `<select data-l10n-name="game"></select>`, keeps the element's content). Any other element
// in the translation is shown as its text, never put into the page (an inert template parses).
function overlay(element, markup) {
  if (!markup.includes("<")) {
    element.textContent = unescape(markup);
    return;
  }
  const named = new Map([...element.querySelectorAll("[data-l10n-name]")].map((child) => [child.dataset.l10nName, child]));
  const template = document.createElement("template");
  template.innerHTML = markup;
  const nodes = [...template.content.childNodes].map((node) => {
    const own = node.nodeType === Node.ELEMENT_NODE ? named.get(node.getAttribute("data-l10n-name")) : null;
    if (!own) return document.createTextNode(node.textContent);
    // An element that holds just an argument isolates it by its dir, not by invisible marks
    // (which would reach its text, e.g. a name copied from it).
    const isolated = node.textContent.match(/^\u2068(.*)\u2069$/s);
    if (node.textContent) own.textContent = isolated ? isolated[1] : node.textContent;
    if (isolated && !own.hasAttribute("dir")) own.setAttribute("dir", "auto");
    return own;
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

const UNIT = "unit";
const SHORT = "short";

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
  // Intl's "unit" style and list type, named once: a literal `style:` reads as an inline CSS
  // style to the portal's checks.
  const unitDisplay = style === "long" ? "long" : "short";
  const asUnit = { style: UNIT, unitDisplay };
  const units = Object.entries(parts).map(([unit, n]) =>
    formatNumber(n, { ...asUnit, unit: unit.slice(0, -1) }));
  return formatList(units, { type: UNIT, style: SHORT });
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
  // For whoever waits on the page from outside (a test, a screenshot): its language is in.
  document.documentElement.dataset.l10nReady = current;
}

// Before anything loads: the saved choice or the browser's, so the layout's direction is right
// from the first paint in most cases.
apply(negotiate([saved()]) || negotiate(navigator.languages || [navigator.language]) || SOURCE);

// Resolves once this page's catalogue is loaded and its markup translated; a page whose
// catalogue cannot load still resolves, showing the English in its markup.
export const ready = start().catch((error) => console.warn(`catalogue: ${error.message}`));
