/**
 * An inline SVG latency percentile plot for one mix item: x is the percentile on a log scale of
 * 1/(1 − p) (so 90, 99, 99.9 and 99.99 are evenly spaced), y is latency in ms. The corrected curve is
 * solid, the uncorrected one dashed, and the budget is a red step line: the curve stays inside the
 * budget exactly when it stays under that line.
 */
import { escapeHtml } from "../report/escape.js";
import type { LatencySummary } from "./latency-histogram.js";
import type { LatencyBudget } from "./profile.js";

/** What one plot shows. */
export interface PlotInput {
  title: string;
  corrected: { percentile: number; ms: number }[];
  uncorrected: { percentile: number; ms: number }[];
  budget?: LatencyBudget;
  /** Which load model produced the figures, shown under the title. */
  model: string;
  summary: LatencySummary;
}

const W = 640;
const H = 300;
const M = { left: 64, right: 24, top: 44, bottom: 48 };
const MAX_X = 4; // log10(1 / (1 - 0.9999))
const X_TICKS = [0, 50, 90, 99, 99.9, 99.99];

const xOf = (p: number) => {
  const v = Math.min(MAX_X, Math.log10(1 / (1 - Math.min(p, 99.99) / 100)));
  return M.left + (v / MAX_X) * (W - M.left - M.right);
};

/** Renders the plot as a self-contained `<svg>` element. */
export function renderLatencyPlot(input: PlotInput): string {
  const budgetSteps = steps(input.budget);
  // Log scale on y too: sub-millisecond medians and second-long tails (and budgets) stay readable together.
  const values = [...input.corrected, ...input.uncorrected]
    .map((c) => c.ms)
    .concat(budgetSteps.map((b) => b.ms));
  const positive = values.filter((v) => v > 0);
  const lo = 10 ** Math.floor(Math.log10(Math.max(0.001, Math.min(...positive, 1))));
  const hi = 10 ** Math.ceil(Math.log10(Math.max(...positive, lo * 10) * 1.05));
  const yOf = (ms: number) => {
    const v = (Math.log10(Math.max(ms, lo)) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo));
    return H - M.bottom - v * (H - M.top - M.bottom);
  };
  const line = (pts: { percentile: number; ms: number }[]) =>
    pts
      .map((p, i) => `${i === 0 ? "M" : "L"}${xOf(p.percentile).toFixed(1)},${yOf(p.ms).toFixed(1)}`)
      .join(" ");
  const parts: string[] = [];
  parts.push(
    `<rect x="${M.left}" y="${M.top}" width="${W - M.left - M.right}" height="${H - M.top - M.bottom}" fill="#fafafa" stroke="#ccc"/>`,
  );
  for (let ms = lo; ms <= hi * 1.0001; ms *= 10) {
    const y = yOf(ms).toFixed(1);
    parts.push(`<line x1="${M.left}" x2="${W - M.right}" y1="${y}" y2="${y}" stroke="#e5e5e5"/>`);
    parts.push(
      `<text x="${M.left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle" font-size="11">${fmtMs(ms)}</text>`,
    );
  }
  for (const p of X_TICKS) {
    const x = xOf(p).toFixed(1);
    parts.push(`<line x1="${x}" x2="${x}" y1="${M.top}" y2="${H - M.bottom}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${x}" y="${H - M.bottom + 16}" text-anchor="middle" font-size="11">p${p}</text>`);
  }
  parts.push(
    `<text x="${(M.left + W - M.right) / 2}" y="${H - 8}" text-anchor="middle" font-size="12">percentile</text>`,
  );
  parts.push(
    `<text x="14" y="${(M.top + H - M.bottom) / 2}" text-anchor="middle" font-size="12" transform="rotate(-90 14 ${(M.top + H - M.bottom) / 2})">latency (ms)</text>`,
  );
  if (budgetSteps.length > 0) {
    const d = budgetSteps
      .map(
        (s) =>
          `M${xOf(s.from).toFixed(1)},${yOf(s.ms).toFixed(1)} L${xOf(s.to).toFixed(1)},${yOf(s.ms).toFixed(1)}`,
      )
      .join(" ");
    parts.push(`<path class="budget" d="${d}" stroke="#d62728" stroke-width="2" fill="none"/>`);
    for (const s of budgetSteps) {
      parts.push(
        `<text x="${(xOf(s.from) + 3).toFixed(1)}" y="${(yOf(s.ms) - 5).toFixed(1)}" font-size="10" fill="#d62728">${s.label} ≤ ${fmtMs(s.ms)}</text>`,
      );
    }
  }
  parts.push(
    `<path class="uncorrected" d="${line(input.uncorrected)}" stroke="#7f7f7f" stroke-width="1.5" stroke-dasharray="5 4" fill="none"/>`,
  );
  parts.push(
    `<path class="corrected" d="${line(input.corrected)}" stroke="#1f77b4" stroke-width="2.5" fill="none"/>`,
  );
  for (const s of budgetSteps) {
    const over = input.corrected.filter((c) => c.percentile >= s.from && c.percentile <= s.to && c.ms > s.ms);
    for (const c of over)
      parts.push(
        `<circle cx="${xOf(c.percentile).toFixed(1)}" cy="${yOf(c.ms).toFixed(1)}" r="4" fill="#d62728"/>`,
      );
  }
  const s = input.summary;
  const subtitle = `${input.model} · n=${s.count} · p50 ${fmtMs(s.p50Ms)} · p95 ${fmtMs(s.p95Ms)} · p99 ${fmtMs(s.p99Ms)} · max ${fmtMs(s.maxMs)}`;
  parts.push(
    `<text x="${M.left}" y="18" font-size="14" font-weight="bold">${escapeHtml(input.title)}</text>`,
  );
  parts.push(`<text x="${M.left}" y="34" font-size="11" fill="#555">${escapeHtml(subtitle)}</text>`);
  parts.push(legend());
  return `<svg class="latency-plot" role="img" aria-label="${escapeHtml(`latency percentiles of ${input.title}`)}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="sans-serif">${parts.join("")}</svg>`;
}

function legend(): string {
  const x = W - M.right - 250;
  const y = 14;
  return (
    `<g font-size="11"><line x1="${x}" x2="${x + 18}" y1="${y}" y2="${y}" stroke="#1f77b4" stroke-width="2.5"/><text x="${x + 22}" y="${y + 4}">corrected</text>` +
    `<line x1="${x + 90}" x2="${x + 108}" y1="${y}" y2="${y}" stroke="#7f7f7f" stroke-dasharray="5 4"/><text x="${x + 112}" y="${y + 4}">uncorrected</text>` +
    `<line x1="${x + 190}" x2="${x + 208}" y1="${y}" y2="${y}" stroke="#d62728" stroke-width="2"/><text x="${x + 212}" y="${y + 4}">budget</text></g>`
  );
}

/** The budget as a step function of the percentile: p ≤ 50 → p50Ms, 50 < p ≤ 95 → p95Ms, … */
function steps(budget: LatencyBudget | undefined): { from: number; to: number; ms: number; label: string }[] {
  if (!budget) return [];
  const bounds: [number, number | undefined, string][] = [
    [50, budget.p50Ms, "p50"],
    [95, budget.p95Ms, "p95"],
    [99, budget.p99Ms, "p99"],
    [99.99, budget.maxMs, "max"],
  ];
  const out: { from: number; to: number; ms: number; label: string }[] = [];
  let from = 0;
  for (const [to, ms, label] of bounds) {
    if (ms !== undefined) {
      out.push({ from, to, ms, label });
      from = to;
    }
  }
  return out;
}

function fmtMs(ms: number): string {
  if (ms === 0) return "0";
  if (ms < 1) return `${Number((ms * 1000).toPrecision(3))} µs`;
  if (ms >= 1000) return `${Number((ms / 1000).toPrecision(3))} s`;
  return `${Number(ms.toPrecision(3))} ms`;
}
