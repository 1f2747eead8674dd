/**
 * Budgets of a profile judged on a measured phase: latency percentiles per mix item, error rate, and
 * minimum throughput. Budgets are the team's release gate, not contract sentences; the contract gives
 * no latency figures, so each row says so.
 */
import type { Counterexample } from "../report/model.js";
import { LOAD } from "../verdicts/load.js";
import type { Verdict } from "../vocabulary/verdict.js";
import { type DriveResult, LATE_SEND_MS } from "./drive-load.js";
import { summarise } from "./latency-histogram.js";
import type { Budgets, LatencyBudget } from "./profile.js";
import type { PhaseResult } from "./run-phase.js";
import type { Tallies } from "./tallies.js";

const BUDGET_KEYS: [keyof LatencyBudget, "p50Ms" | "p95Ms" | "p99Ms" | "maxMs", string][] = [
  ["p50Ms", "p50Ms", "p50"],
  ["p95Ms", "p95Ms", "p95"],
  ["p99Ms", "p99Ms", "p99"],
  ["maxMs", "maxMs", "max"],
];

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0));

/** Share of sends that may be late on their own timer before the machine counts as behind its schedule. */
const LATE_SHARE = 0.01;

/** A harness whose own timers fired this late (p99) was held up: its timings include its own delay. */
export const HELD_UP_MS = 20;

/**
 * How this machine held the harness up, so that figures timed by it say nothing about the target: it fell
 * behind its own schedule (sends whose timer fired late), or its event loop's timers fired late (p99).
 * Undefined when the harness kept up.
 */
export function harnessBehind(
  phase: Pick<PhaseResult, "harnessDelayMs"> & { drive: Pick<DriveResult, "sent" | "lateSends" | "lateMs"> },
): string | undefined {
  const { drive } = phase;
  if (drive.lateSends > Math.max(1, drive.sent * LATE_SHARE)) {
    return (
      `this machine fell behind its own schedule: ${drive.lateSends} of ${drive.sent} sends went more than ` +
      `${LATE_SEND_MS} ms after their slot (${Math.round(drive.lateMs)} ms in all)`
    );
  }
  if (phase.harnessDelayMs > HELD_UP_MS) {
    return `this machine held the harness up: its timers fired up to ${Math.round(phase.harnessDelayMs)} ms late (p99)`;
  }
  return undefined;
}

/**
 * The most the harness's own delay can have added to one answer's time: its send may have gone late (by at
 * most every late send's lateness together, or by up to `LATE_SEND_MS` unnoticed) and its answer been read
 * late (by at most the longest its timers were held up). Undefined when the phase did not measure the latter.
 */
export function harnessSlackMs(
  phase: Pick<PhaseResult, "harnessDelayMaxMs"> & { drive: Pick<DriveResult, "lateMs"> },
): number | undefined {
  if (phase.harnessDelayMaxMs === undefined) return undefined;
  return LATE_SEND_MS + phase.drive.lateMs + phase.harnessDelayMaxMs;
}

/** Records a budget failure, or, when the machine was behind its schedule, why there is no verdict. */
function failOrInconclusive(
  tallies: Tallies,
  verdict: Verdict,
  item: string | undefined,
  behind: string | undefined,
  example: Counterexample,
): void {
  if (behind === undefined) {
    tallies.fail(verdict, item, example);
    return;
  }
  const f = tallies.get(verdict, item);
  f.inconclusive = true;
  f.message = `${example.title} (${example.received}); ${behind}, so the figures measure it, not the target`;
}

/**
 * Judges the profile's budgets on a phase into `tallies`. `sharesProcess`: the target ran in this process, so
 * every stall of the harness stalled the target too, as often as it held an answer up; the harness's slack then
 * bounds nothing, and a busy machine leaves an over-budget figure inconclusive rather than failed.
 */
export function judgeBudgets(
  budgets: Budgets | undefined,
  phase: PhaseResult,
  tallies: Tallies,
  { sharesProcess = false }: { sharesProcess?: boolean } = {},
): void {
  const figure = phase.model.startsWith("open") ? "corrected" : "uncorrected";
  const behind = harnessBehind(phase);
  for (const [name, budget] of Object.entries(budgets?.latency ?? {})) {
    const verdict = LOAD.latencyBudget;
    const h = phase.latency.get(name);
    if (!h || h.corrected.totalCount === 0) {
      const f = tallies.get(verdict, name);
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
      const f = tallies.pass(verdict, name);
      f.message = `${shown} (${figure}, ${phase.model}, n=${s.count})`;
      continue;
    }
    // Every answer's time less the most the harness can have added to it is still over budget: the target is
    // slow whatever this machine did (order statistics shift by at most that bound), so a busy machine still
    // fails a slow target instead of leaving it inconclusive.
    const slack = behind === undefined || sharesProcess ? undefined : harnessSlackMs(phase);
    const certain =
      slack === undefined ? [] : over.filter(([key, at]) => s[at] - slack > (budget[key] as number));
    failOrInconclusive(tallies, verdict, name, certain.length > 0 ? undefined : behind, {
      title: `${name}: latency over budget (${over.map(([, , l]) => l).join(", ")})`,
      expected: over.map(([key, , label]) => `${label} ≤ ${budget[key]} ms`).join(", "),
      received: over.map(([, at, label]) => `${label} = ${fmt(s[at])} ms`).join(", "),
      evidence: [
        `${shown}`,
        `figure: ${figure}; load model: ${phase.model}; responses: ${s.count}`,
        ...(certain.length > 0
          ? [
              `${behind}; still over budget by more than the ${fmt(slack as number)} ms this harness can have added to any answer`,
            ]
          : []),
      ],
    });
  }
  const total = phase.good + phase.bad + phase.drive.transportErrors;
  if (budgets?.errorRate !== undefined) {
    const verdict = LOAD.errorRate;
    const rate = total === 0 ? 0 : (phase.bad + phase.drive.transportErrors) / total;
    const closed = phase.drive.closedByServer;
    const text =
      `${(rate * 100).toFixed(2)} % (${phase.bad} bad responses, ${phase.drive.transportErrors} transport errors of ${total})` +
      (closed > 0
        ? `; ${closed} requests lost after the server announced Connection: close, not counted`
        : "");
    if (total === 0) {
      const f = tallies.get(verdict);
      f.inconclusive = true;
      f.message = "no responses";
    } else if (rate <= budgets.errorRate) tallies.pass(verdict).message = text;
    else
      tallies.fail(verdict, undefined, {
        title: `error rate ${(rate * 100).toFixed(2)} % over budget`,
        expected: `≤ ${(budgets.errorRate * 100).toFixed(2)} %`,
        received: text,
      });
  }
  if (budgets?.minThroughput !== undefined) {
    const verdict = LOAD.minThroughput;
    const seconds = Math.max(phase.drive.activeMs, 1) / 1000;
    const rps = phase.drive.responses / seconds;
    const text = `${rps.toFixed(1)} requests/s (${phase.drive.responses} in ${seconds.toFixed(1)} s)`;
    if (rps >= budgets.minThroughput) tallies.pass(verdict).message = text;
    else
      failOrInconclusive(tallies, verdict, undefined, behind, {
        title: `throughput ${rps.toFixed(1)} requests/s under budget`,
        expected: `≥ ${budgets.minThroughput} requests/s`,
        received: text,
      });
  }
}
