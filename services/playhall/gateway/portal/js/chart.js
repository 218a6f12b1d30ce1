// A rating over time as an SVG line chart: time across, the shown rating up, both axes with
// ticks and labels; each match a point (hollow, on a dashed line, while the rating is
// provisional) with its details in a tooltip.
import { el, text } from "./svg.js";
import { formatDate, formatNumber, t } from "./i18n.js";
import { describeRating, ratingValue } from "./players.js";

const W = 440;
const H = 240;
const M = { left: 44, right: 14, top: 22, bottom: 44 };

// About `count` round tick values covering [low, high].
export function ticks(low, high, count = 5) {
  const span = high - low || 1;
  const raw = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * magnitude).find((s) => s >= raw);
  const out = [];
  for (let v = Math.ceil(low / step) * step; v <= high + step * 1e-9; v += step) out.push(Number(v.toFixed(6)));
  return out;
}

const day = (ms) => formatDate(new Date(ms), { month: "short", day: "numeric" });
const clock = (ms) => formatDate(new Date(ms), { hour: "2-digit", minute: "2-digit" });
const seconds = (ms) => formatDate(new Date(ms), { hour: "2-digit", minute: "2-digit", second: "2-digit" });
const oneDecimal = (value) => formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

// How a time tick reads: the date over days, the time within one, with seconds within minutes.
function tickLabel(t0, t1) {
  if (day(t0) !== day(t1)) return day;
  return t1 - t0 < 600_000 ? seconds : clock;
}

// `changes`: RatingChange messages (any order). `titleName` names the chart for screen readers.
export function ratingChart(changes, titleName) {
  const points = changes
    .map((c) => ({ at: Number(c.rating?.updatedUnixMs ?? 0), value: ratingValue(c.rating), change: c }))
    .sort((a, b) => a.at - b.at);
  const first = points[0];
  const last = points[points.length - 1];
  const summary = points.length
    ? t("chart-summary", { title: titleName, matches: points.length, from: oneDecimal(first.value), to: oneDecimal(last.value) })
    : t("chart-empty", { title: titleName });
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "rating-chart", role: "img", "aria-label": summary },
    el("title", {}, summary));
  if (!points.length) return svg;
  const values = points.map((p) => p.value);
  let low = Math.min(...values);
  let high = Math.max(...values);
  const pad = Math.max((high - low) * 0.15, 1);
  low -= pad;
  high += pad;
  // One match (or several at once): a span around it, so it sits in the middle.
  const t0 = first.at === last.at ? first.at - 3_600_000 : first.at;
  const t1 = first.at === last.at ? last.at + 3_600_000 : last.at;
  const x = (at) => M.left + ((at - t0) / (t1 - t0)) * (W - M.left - M.right);
  const y = (v) => H - M.bottom - ((v - low) / (high - low)) * (H - M.top - M.bottom);
  const axis = el("g", { class: "axis" },
    el("line", { x1: M.left, y1: H - M.bottom, x2: W - M.right, y2: H - M.bottom }),
    el("line", { x1: M.left, y1: M.top, x2: M.left, y2: H - M.bottom }));
  for (const v of ticks(low, high)) {
    axis.append(
      el("line", { x1: M.left, y1: y(v), x2: W - M.right, y2: y(v), class: "grid" }),
      text(M.left - 6, y(v) + 4, formatNumber(v, { maximumFractionDigits: Math.abs(v) < 10 && v % 1 ? 1 : 0 }),
        { class: "tick", "text-anchor": "end" }));
  }
  const sameDay = day(t0) === day(t1);
  const label = tickLabel(t0, t1);
  const seen = new Set();
  for (const at of ticks(t0, t1, 3).filter((at) => at >= t0 && at <= t1)) {
    if (seen.has(label(at))) continue;
    seen.add(label(at));
    axis.append(
      el("line", { x1: x(at), y1: H - M.bottom, x2: x(at), y2: H - M.bottom + 5 }),
      text(x(at), H - M.bottom + 18, label(at), { class: "tick", "text-anchor": "middle" }));
  }
  axis.append(
    text((M.left + W - M.right) / 2, H - 6, sameDay ? t("chart-axis-time", { day: day(t0) }) : t("chart-axis-date"),
      { class: "axis-label", "text-anchor": "middle" }),
    text(14, (M.top + H - M.bottom) / 2, t("chart-axis-rating"), {
      class: "axis-label", "text-anchor": "middle", transform: `rotate(-90 14 ${(M.top + H - M.bottom) / 2})`,
    }));
  svg.append(axis);
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1], points[i]];
    svg.append(el("line", {
      x1: x(a.at), y1: y(a.value), x2: x(b.at), y2: y(b.value),
      class: b.change.rating?.provisional ? "trend provisional" : "trend",
    }));
  }
  for (const p of points) {
    const provisional = Boolean(p.change.rating?.provisional);
    svg.append(el("circle", {
      cx: x(p.at), cy: y(p.value), r: 4.5, class: provisional ? "point provisional" : "point",
      "data-match": p.change.matchId, "data-rating": p.value.toFixed(1),
    }, el("title", {}, t("chart-point", { day: day(p.at), time: clock(p.at), rating: describeRating(p.change.rating) }))));
  }
  if (points.some((p) => p.change.rating?.provisional)) {
    svg.append(
      el("circle", { cx: W - M.right - 92, cy: M.top - 10, r: 4.5, class: "point provisional" }),
      text(W - M.right - 84, M.top - 6, t("chart-provisional"), { class: "tick" }));
  }
  return svg;
}
