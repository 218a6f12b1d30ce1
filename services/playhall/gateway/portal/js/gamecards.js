// What the lobby says about each game before anyone plays it: a small picture drawn in SVG
// (the game's look: cards, a grid of stones, tiles, inventors) and one line about it, and the
// number of players in words ("2 players", "2 to 5 players"), from the catalogue.
import { t } from "./i18n.js";
import { el } from "./svg.js";

// Each title's line, by its title id (a catalogue key of the portal's).
const ABOUT = {
  galileo: "gamecard-about-galileo",
  eynsteyn: "gamecard-about-eynsteyn",
  einstein: "gamecard-about-einstein",
  inventors: "gamecard-about-inventors",
};

export const aboutGame = (titleId) => t(ABOUT[titleId] ?? "gamecard-about-other");

export const playerCount = (game) =>
  game.minPlayers === game.maxPlayers ? t("gamecard-players", { count: game.minPlayers })
    : t("gamecard-players-range", { min: game.minPlayers, max: game.maxPlayers });

const card = (x, y, fill, turn) =>
  el("rect", { x, y, width: 22, height: 32, rx: 3, fill, stroke: "#1e2430", "stroke-width": 1.5, transform: `rotate(${turn} ${x + 11} ${y + 16})` });

function galileo() {
  return [card(10, 12, "#2456c6", -14), card(24, 10, "#b54708", 0), card(38, 12, "#067647", 14)];
}

function eynsteyn() {
  const squares = [];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) squares.push(el("rect", { x: 13 + c * 16, y: 6 + r * 16, width: 16, height: 16, fill: "#fbf8f1", stroke: "#c9b78f" }));
  }
  const line = el("path", { d: "M13 22 H29 Q37 22 37 30 V54", fill: "none", stroke: "#2456c6", "stroke-width": 4 });
  return [...squares, line];
}

function einstein() {
  const pentagon = (cx, cy, fill) => {
    const points = Array.from({ length: 5 }, (_, i) => {
      const a = (Math.PI * 2 * i) / 5 - Math.PI / 2;
      return `${(cx + 13 * Math.cos(a)).toFixed(1)},${(cy + 13 * Math.sin(a)).toFixed(1)}`;
    });
    return el("polygon", { points: points.join(" "), fill, stroke: "#1e2430", "stroke-width": 1.5 });
  };
  return [pentagon(22, 22, "#f5a524"), pentagon(44, 24, "#2456c6"), pentagon(32, 42, "#067647")];
}

function inventors() {
  const person = (x, fill) => [
    el("circle", { cx: x, cy: 20, r: 7, fill }),
    el("rect", { x: x - 9, y: 29, width: 18, height: 22, rx: 6, fill }),
  ];
  return [...person(20, "#2456c6"), ...person(44, "#b42318"), el("rect", { x: 27, y: 44, width: 10, height: 10, fill: "#f5a524", stroke: "#1e2430" })];
}

const DRAWINGS = { galileo, eynsteyn, einstein, inventors };

// The game's picture, 64 by 64, as decoration (the card's heading names the game).
export function gamePicture(titleId) {
  const draw = DRAWINGS[titleId] ?? (() => [el("rect", { x: 12, y: 12, width: 40, height: 40, rx: 6, fill: "#e0e8f9", stroke: "#2456c6" })]);
  return el("svg", { viewBox: "0 0 64 64", width: 64, height: 64, class: "game-picture", "aria-hidden": "true", focusable: "false" },
    el("rect", { width: 64, height: 64, rx: 10, fill: "#f7f3ea" }), ...draw());
}
