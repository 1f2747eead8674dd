/**
 * Budgets of a profile judged on a measured phase: latency percentiles per mix item, error rate, and
 * minimum throughput. Budgets are the team's release gate, not contract sentences; the contract gives
 * no latency figures, so each row says so.
 */
import type { Findings } from "./findings.js";
import { summarise } from "./latency-histogram.js";
import type { Budgets, LatencyBudget } from "./profile.js";
import type { PhaseResult } from "./run-phase.js";

/** Rule ids of budget rows. */
export const BUDGET_RULES = {
  latency: { id: "load.latency_budget", sentence: "Latency per operation stays inside the profile's budget" },
  errorRate: {
    id: "load.error_rate",
    sentence:
      "Share of responses that break an expectation or check (plus transport errors) stays inside the budget",
  },
  throughput: {
    id: "load.min_throughput",
    sentence: "Requests per second over the run reach the profile's minimum",
  },
} as const;

const BUDGET_KEYS: [keyof LatencyBudget, "p50Ms" | "p95Ms" | "p99Ms" | "maxMs", string][] = [
  ["p50Ms", "p50Ms", "p50"],
  ["p95Ms", "p95Ms", "p95"],
  ["p99Ms", "p99Ms", "p99"],
  ["maxMs", "maxMs", "max"],
];

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0));

/** Judges the profile's budgets on a phase into `findings`. */
export function judgeBudgets(budgets: Budgets | undefined, phase: PhaseResult, findings: Findings): void {
  const figure = phase.model.startsWith("open") ? "corrected" : "uncorrected";
  for (const [name, budget] of Object.entries(budgets?.latency ?? {})) {
    const rule = BUDGET_RULES.latency;
    const h = phase.latency.get(name);
    if (!h || h.corrected.totalCount === 0) {
      const f = findings.get(rule, name);
      f.inconclusive = true;
      f.message = `no responses for "${name}" to measure`;
      continue;
    }
    // At a fixed rate the corrected figure is the one users feel; in a closed model they are the same.
    const s = summarise(figure === "corrected" ? h.corrected : h.uncorrected);
    const over = BUDGET_KEYS.filter(
      ([key, at]) => budget[key] !== undefined && s[at] > (budget[key] as number),
    );
    const shown = BUDGET_KEYS.map(([, at, label]) => `${label} ${fmt(s[at])} ms`).join(", ");
    if (over.length === 0) {
      const f = findings.pass(rule, name);
      f.message = `${shown} (${figure}, ${phase.model}, n=${s.count})`;
      continue;
    }
    findings.fail(rule, name, {
      title: `${name}: latency over budget (${over.map(([, , l]) => l).join(", ")})`,
      expected: over.map(([key, , label]) => `${label} ≤ ${budget[key]} ms`).join(", "),
      received: over.map(([, at, label]) => `${label} = ${fmt(s[at])} ms`).join(", "),
      evidence: [`${shown}`, `figure: ${figure}; load model: ${phase.model}; responses: ${s.count}`],
    });
  }
  const total = phase.good + phase.bad + phase.drive.transportErrors;
  if (budgets?.errorRate !== undefined) {
    const rule = BUDGET_RULES.errorRate;
    const rate = total === 0 ? 0 : (phase.bad + phase.drive.transportErrors) / total;
    const closed = phase.drive.closedByServer;
    const text =
      `${(rate * 100).toFixed(2)} % (${phase.bad} bad responses, ${phase.drive.transportErrors} transport errors of ${total})` +
      (closed > 0
        ? `; ${closed} requests lost after the server announced Connection: close, not counted`
        : "");
    if (total === 0) {
      const f = findings.get(rule);
      f.inconclusive = true;
      f.message = "no responses";
    } else if (rate <= budgets.errorRate) findings.pass(rule).message = text;
    else
      findings.fail(rule, undefined, {
        title: `error rate ${(rate * 100).toFixed(2)} % over budget`,
        expected: `≤ ${(budgets.errorRate * 100).toFixed(2)} %`,
        received: text,
      });
  }
  if (budgets?.minThroughput !== undefined) {
    const rule = BUDGET_RULES.throughput;
    const seconds = Math.max(phase.drive.activeMs, 1) / 1000;
    const rps = phase.drive.responses / seconds;
    const text = `${rps.toFixed(1)} requests/s (${phase.drive.responses} in ${seconds.toFixed(1)} s)`;
    if (rps >= budgets.minThroughput) findings.pass(rule).message = text;
    else
      findings.fail(rule, undefined, {
        title: `throughput ${rps.toFixed(1)} requests/s under budget`,
        expected: `≥ ${budgets.minThroughput} requests/s`,
        received: text,
      });
  }
}
