/**
 * One slice of a cycle: the runner's `runConformance` on one shard of the selected suites, within the calls
 * the hour has left (`--max-calls`: the runner never sends more) and paced. Every call is counted in the budget
 * as it is spent, every exchange feeds the latency and 429 metrics (and `/me` the daily quota), and every
 * outcome the rules' streaks, in the order the runner records them.
 */
import { HarnessError } from "../errors.js";
import type { Report } from "../report/model.js";
import { type Outcome, runConformance } from "../runner/index.js";
import type { Exchange } from "../transport/exchange.js";
import { RUNNER } from "../verdicts/runner.js";
import type { CallBudget } from "./call-budget.js";
import { type SliceSpec, sliceRunOptions } from "./cycle-plan.js";
import type { MonitorMetrics } from "./monitor-metrics.js";
import type { ResolvedMonitorOptions } from "./options.js";
import type { RuleBook, Transition } from "./rule-book.js";

/** What one slice did. */
export interface SliceResult {
  /** The slice's report (absent when the target could not be reached at all). */
  report?: Report;
  secrets: string[];
  transitions: Transition[];
  /** Why the slice stopped before its end (the runner's reason, or `target-unreachable`). */
  stopped?: string;
  /** The message of that stop. */
  message?: string;
}

/** What a slice updates as it goes. */
export interface SliceSinks {
  budget: CallBudget;
  book: RuleBook;
  metrics: MonitorMetrics;
  /** Told the first `/me` body of the slice (the runner's preflight: the daily quota). */
  onMe(body: unknown): void;
  /** Told each 429's Retry-After, in seconds (the monitor holds its next slice until it has passed). */
  onRetryAfter(seconds: number): void;
  signal: AbortSignal;
}

const ALT_IDS = new Set(["alt.same_response", "alt.same_error_response"]);

/** The kind of an alternate-base difference: its status, its body, or a refusal that differs. */
function altKind(outcome: Outcome): string {
  if (outcome.verdict.id === "alt.same_error_response") return "error_response";
  return outcome.failures?.[0]?.pointer !== undefined ? "body" : "status";
}

/** Runs one slice of `spec` (its `maxCalls` set by the caller to what the hour has left). */
export async function runSlice(
  options: ResolvedMonitorOptions,
  spec: SliceSpec,
  sinks: SliceSinks,
): Promise<SliceResult> {
  const { budget, book, metrics } = sinks;
  const clock = options.clock;
  const transitions: Transition[] = [];
  let sawMe = false;
  const observe = (suite: string, id: string, operation: string, status: Outcome["status"]) => {
    metrics.checksJudged.inc({ rule: id, operation, status });
    const t = book.observe(suite, id, operation, status, clock.now());
    if (t) transitions.push(t);
  };
  const onExchange = (ex: Exchange): void => {
    const base = ex.request.baseUrl === options.altBaseUrl ? "alt" : "main";
    const status = ex.response ? String(ex.response.status) : "none";
    metrics.responses.inc({ operation: ex.operation, base, status });
    if (ex.response)
      metrics.requestDuration.observe({ operation: ex.operation, base }, ex.response.durationMs / 1000);
    if (!sawMe && ex.operation === "me" && ex.response?.status === 200) {
      sawMe = true;
      sinks.onMe(ex.response.json);
    }
    if (ex.response?.status === 429) {
      metrics.rateLimited.inc({ base });
      const seconds = Number(ex.response.headers["retry-after"]);
      const wait = Number.isSafeInteger(seconds) && seconds >= 0 ? seconds : 1;
      // The runner waits at least a second after each 429 (paced-send.ts).
      metrics.retryAfterWaited.inc(Math.max(1, wait));
      sinks.onRetryAfter(wait);
    }
  };
  const runOptions = sliceRunOptions(options, spec);
  try {
    const result = await runConformance(runOptions, {
      signal: sinks.signal,
      onCall: () => {
        budget.spendCall(clock.now());
        metrics.calls.inc();
      },
      onExchange,
      onOutcome: (suite, outcome) => {
        observe(suite, outcome.verdict.id, outcome.operation ?? "", outcome.status);
        if (outcome.status === "fail" && ALT_IDS.has(outcome.verdict.id))
          metrics.altDifferences.inc({ kind: altKind(outcome) });
      },
    });
    const credits = result.report.summary.credits ?? 0;
    if (credits > 0) {
      budget.spendCredits(credits, clock.now());
      metrics.creditsSpent.inc(credits);
    }
    const stopped = (result.report.details as { stopped?: string } | undefined)?.stopped;
    return {
      report: result.report,
      secrets: result.secrets,
      transitions,
      ...(stopped ? { stopped, message: result.stopped ?? stopped } : {}),
    };
  } catch (err) {
    if (!(err instanceof HarnessError) || err.code !== "CB_TARGET_UNREACHABLE") throw err;
    // A target that cannot be reached is the runner's own rule failing on the slice's first call.
    observe("monitor", RUNNER.responseReceived.id, "me", "fail");
    return { secrets: [], transitions, stopped: "target-unreachable", message: err.message };
  }
}
