/**
 * One monitor process: its state (read at start, written after every slice), budgets, rules and metrics, and
 * the waits between slices — for a hold (a Retry-After, a daily quota near its end, a target that did not
 * answer), for the hour to have room for the next slice, and for the next cycle's start. Every wait is on the
 * monitor's clock and ends at once when the signal aborts.
 */
import { HarnessError } from "../errors.js";
import type { MetricsServer } from "../metrics/serve-metrics.js";
import { loadFixtures } from "../runner/index.js";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { CallBudget } from "./call-budget.js";
import { quotaLeft, quotaStop, readDailyQuota } from "./daily-quota.js";
import type { MonitorMetrics } from "./monitor-metrics.js";
import type { ResolvedMonitorOptions } from "./options.js";
import { RuleBook } from "./rule-book.js";
import { type MonitorState, saveState } from "./state-file.js";

/** The budget a hold's reason belongs to (the `cbcheck_budget_exhausted` label). */
function holdBudget(reason: string): string | undefined {
  if (reason.startsWith("daily quota")) return "daily_quota";
  if (reason.startsWith("Retry-After")) return "retry_after";
  return undefined;
}

/** The state and the running parts of one monitor process. */
export class MonitorSession {
  readonly budget: CallBudget;
  readonly book: RuleBook;
  /** Cycles this process ran to their end (complete or not). */
  cyclesEnded = 0;

  constructor(
    readonly options: ResolvedMonitorOptions,
    readonly state: MonitorState,
    readonly metrics: MonitorMetrics,
    readonly signal: AbortSignal,
    readonly say: (line: string) => void,
    readonly metricsServer?: MetricsServer,
  ) {
    this.budget = new CallBudget(state.budget, options);
    this.book = new RuleBook(state.rules, options.confirm);
    metrics.cycleSeconds.set(options.cycleMs / 1000);
    for (const rule of this.book.failing())
      metrics.openViolations.set({ rule: rule.rule, operation: rule.operation }, 1);
    const completed = state.cycle.lastCompletedAt;
    if (completed) metrics.lastCycleSuccess.set(Date.parse(completed) / 1000);
    this.showBudget();
  }

  get now(): number {
    return this.options.clock.now();
  }

  /** Writes the state file. */
  save(): Promise<void> {
    return saveState(this.options.state, this.state);
  }

  /** The target's fixtures: the file given, the ids discovered before, or undefined (to discover). */
  async knownFixtures(): Promise<TargetFixtures | undefined> {
    if (this.options.fixtures) return loadFixtures(this.options.fixtures);
    return this.state.fixtures as TargetFixtures | undefined;
  }

  /** Sleeps `ms` on the clock; false when the signal aborted it. */
  async sleep(ms: number): Promise<boolean> {
    if (this.signal.aborted) return false;
    try {
      await this.options.clock.sleep(ms, this.signal);
      return true;
    } catch {
      return false;
    }
  }

  /** Waits until a hold has passed and the hour has room for `calls`; false when interrupted. */
  async waitToSend(calls: number): Promise<boolean> {
    for (;;) {
      const hold = this.budget.hold(this.now);
      if (hold) {
        const budget = holdBudget(hold.reason);
        if (budget) this.metrics.budgetExhausted.set({ budget }, 1);
        this.say(`cbcheck monitor: holding ${Math.ceil(hold.ms / 1000)} s: ${hold.reason}`);
        if (!(await this.sleep(hold.ms))) return false;
        if (budget) this.metrics.budgetExhausted.set({ budget }, 0);
        continue;
      }
      const ms = this.budget.msUntilFits(calls, this.now);
      if (ms === Number.POSITIVE_INFINITY) {
        throw new HarnessError(
          "CB_USAGE",
          `a slice needs ${calls} calls, more than --max-calls-per-hour ${this.options.maxCallsPerHour}: raise it, or lower --runs`,
        );
      }
      if (ms <= 0) break;
      this.metrics.budgetExhausted.set({ budget: "calls_per_hour" }, 1);
      this.showBudget();
      if (!(await this.sleep(ms))) return false;
      this.metrics.budgetExhausted.set({ budget: "calls_per_hour" }, 0);
    }
    return !this.signal.aborted;
  }

  /** Reads the daily quota from a `/me` body; when it is near, holds the next slices until it resets. */
  noteMe(body: unknown): void {
    const quota = readDailyQuota(body);
    const left = quotaLeft(quota, this.options.quotaStopAt);
    if (left !== undefined) this.metrics.budgetRemaining.set({ budget: "daily_quota" }, left);
    const stop = quotaStop(quota, this.options.quotaStopAt, this.now);
    if (stop) this.budget.holdUntil(stop.until, stop.reason);
  }

  /** Holds the next slices until a Retry-After has passed. */
  noteRetryAfter(seconds: number): void {
    this.budget.holdUntil(this.now + seconds * 1000, `Retry-After ${seconds} s (a 429)`);
  }

  /** Sets the budget gauges. */
  showBudget(): void {
    const now = this.now;
    this.metrics.budgetRemaining.set({ budget: "calls_per_hour" }, this.budget.callsLeft(now));
    this.metrics.budgetRemaining.set({ budget: "credits_per_day" }, this.budget.creditsLeft(now));
  }
}
