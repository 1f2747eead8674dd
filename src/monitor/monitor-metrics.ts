/**
 * The Prometheus metrics of `cbcheck monitor` (prom-client, its own registry). Names follow Prometheus
 * conventions: the `cbcheck_` prefix, counters ending in `_total`, base units (`_seconds`). Labels are rule
 * ids, operations, bases (`main`, `alt`), statuses and budget names: never a key or a URL with one.
 * docs/monitor.md lists them; examples/monitoring/ alerts and graphs on them (a test holds both to this file).
 */
import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import { DURATION_BUCKETS } from "../metrics/serve-metrics.js";

/** Every metric the monitor serves. */
export class MonitorMetrics {
  readonly checksJudged: Counter<"rule" | "operation" | "status">;
  readonly openViolations: Gauge<"rule" | "operation">;
  readonly stateChanges: Counter<"rule" | "operation" | "to">;
  readonly altDifferences: Counter<"kind">;
  readonly requestDuration: Histogram<"operation" | "base">;
  readonly responses: Counter<"operation" | "base" | "status">;
  readonly rateLimited: Counter<"base">;
  readonly retryAfterWaited: Counter;
  readonly calls: Counter;
  readonly creditsSpent: Counter;
  readonly budgetRemaining: Gauge<"budget">;
  readonly budgetExhausted: Gauge<"budget">;
  readonly cycleSeconds: Gauge;
  readonly cycles: Counter<"result">;
  readonly lastCycleSuccess: Gauge;
  readonly webhookFailures: Counter;

  constructor(registry: Registry) {
    const registers = [registry];
    this.checksJudged = new Counter({
      name: "cbcheck_checks_judged_total",
      help: "Outcomes of rules judged on exchanges, by rule, operation and status (pass, warn, fail, inconclusive, skip).",
      labelNames: ["rule", "operation", "status"],
      registers,
    });
    this.openViolations = new Gauge({
      name: "cbcheck_open_violations",
      help: "1 while a rule is failing (confirmed by --confirm failing exchanges in a row), 0 once it recovered.",
      labelNames: ["rule", "operation"],
      registers,
    });
    this.stateChanges = new Counter({
      name: "cbcheck_rule_state_changes_total",
      help: "Rule state changes announced as events, by the state changed to (failing, passing).",
      labelNames: ["rule", "operation", "to"],
      registers,
    });
    this.altDifferences = new Counter({
      name: "cbcheck_alt_base_differences_total",
      help: "Responses of the alternate base URL that differ from the base URL's, by kind (status, body, error_response).",
      labelNames: ["kind"],
      registers,
    });
    this.requestDuration = new Histogram({
      name: "cbcheck_request_duration_seconds",
      help: "Time from sending a request to the last byte of its response, by operation and base (main, alt).",
      labelNames: ["operation", "base"],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.responses = new Counter({
      name: "cbcheck_responses_total",
      help: "Responses received, by operation, base and HTTP status (none: no response).",
      labelNames: ["operation", "base", "status"],
      registers,
    });
    this.rateLimited = new Counter({
      name: "cbcheck_rate_limited_total",
      help: "429 responses received, by base.",
      labelNames: ["base"],
      registers,
    });
    this.retryAfterWaited = new Counter({
      name: "cbcheck_retry_after_waited_seconds_total",
      help: "Seconds waited because a 429 asked to (Retry-After, at least 1 s each).",
      registers,
    });
    this.calls = new Counter({
      name: "cbcheck_calls_total",
      help: "Calls the monitor sent (every one counts against --max-calls-per-hour).",
      registers,
    });
    this.creditsSpent = new Counter({
      name: "cbcheck_credits_spent_total",
      help: "Credits the target charged the monitor's calls (influencer reads, --max-credits-per-day).",
      registers,
    });
    this.budgetRemaining = new Gauge({
      name: "cbcheck_budget_remaining",
      help: "What is left of each budget: calls_per_hour, credits_per_day, daily_quota (the key's, from /me).",
      labelNames: ["budget"],
      registers,
    });
    this.budgetExhausted = new Gauge({
      name: "cbcheck_budget_exhausted",
      help: "1 while the monitor holds its calls because of this budget (calls_per_hour, daily_quota, retry_after).",
      labelNames: ["budget"],
      registers,
    });
    this.cycleSeconds = new Gauge({
      name: "cbcheck_cycle_seconds",
      help: "The configured cycle length (--cycle), for alerts on a cycle that did not finish in time.",
      registers,
    });
    this.cycles = new Counter({
      name: "cbcheck_cycles_total",
      help: "Cycles ended, by result (complete: every slice ran to its end; incomplete).",
      labelNames: ["result"],
      registers,
    });
    this.lastCycleSuccess = new Gauge({
      name: "cbcheck_last_cycle_success_timestamp_seconds",
      help: "When the last complete cycle ended (Unix time, seconds).",
      registers,
    });
    this.webhookFailures = new Counter({
      name: "cbcheck_webhook_failures_total",
      help: "Events the --webhook did not accept after every retry.",
      registers,
    });
    for (const budget of ["calls_per_hour", "credits_per_day", "daily_quota", "retry_after"])
      this.budgetExhausted.set({ budget }, 0);
  }
}
