/**
 * The Prometheus metrics of `cbcheck monitor` (prom-client, its own registry). Names follow Prometheus
 * conventions: the `cbcheck_` prefix, counters ending in `_total`, base units (`_seconds`). Labels are rule
 * ids, operations, bases (`main`, `alt`), statuses and budget names: never a key or a URL with one.
 * docs/monitor.md lists them; examples/monitoring/ alerts and graphs on them (a test holds both to this file).
 */
import type { Counter, Gauge, Histogram, Registry } from "prom-client";
import { metricMakers } from "../metrics/metric-makers.js";

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
    const { counter, gauge, durations } = metricMakers(registry);
    this.checksJudged = counter(
      "cbcheck_checks_judged_total",
      "Outcomes of rules judged on exchanges, by rule, operation and status (pass, warn, fail, inconclusive, skip).",
      ["rule", "operation", "status"],
    );
    this.openViolations = gauge(
      "cbcheck_open_violations",
      "1 while a rule is failing (confirmed by --confirm failing exchanges in a row), 0 once it recovered.",
      ["rule", "operation"],
    );
    this.stateChanges = counter(
      "cbcheck_rule_state_changes_total",
      "Rule state changes announced as events, by the state changed to (failing, passing).",
      ["rule", "operation", "to"],
    );
    this.altDifferences = counter(
      "cbcheck_alt_base_differences_total",
      "Responses of the alternate base URL that differ from the base URL's, by kind (status, body, error_response).",
      ["kind"],
    );
    this.requestDuration = durations(
      "cbcheck_request_duration_seconds",
      "Time from sending a request to the last byte of its response, by operation and base (main, alt).",
      ["operation", "base"],
    );
    this.responses = counter(
      "cbcheck_responses_total",
      "Responses received, by operation, base and HTTP status (none: no response).",
      ["operation", "base", "status"],
    );
    this.rateLimited = counter("cbcheck_rate_limited_total", "429 responses received, by base.", ["base"]);
    this.retryAfterWaited = counter(
      "cbcheck_retry_after_waited_seconds_total",
      "Seconds waited because a 429 asked to (Retry-After, at least 1 s each).",
    );
    this.calls = counter(
      "cbcheck_calls_total",
      "Calls the monitor sent (every one counts against --max-calls-per-hour).",
    );
    this.creditsSpent = counter(
      "cbcheck_credits_spent_total",
      "Credits the target charged the monitor's calls (influencer reads, --max-credits-per-day).",
    );
    this.budgetRemaining = gauge(
      "cbcheck_budget_remaining",
      "What is left of each budget: calls_per_hour, credits_per_day, daily_quota (the key's, from /me).",
      ["budget"],
    );
    this.budgetExhausted = gauge(
      "cbcheck_budget_exhausted",
      "1 while the monitor holds its calls because of this budget (calls_per_hour, daily_quota, retry_after).",
      ["budget"],
    );
    this.cycleSeconds = gauge(
      "cbcheck_cycle_seconds",
      "The configured cycle length (--cycle), for alerts on a cycle that did not finish in time.",
    );
    this.cycles = counter(
      "cbcheck_cycles_total",
      "Cycles ended, by result (complete: every slice ran to its end; incomplete).",
      ["result"],
    );
    this.lastCycleSuccess = gauge(
      "cbcheck_last_cycle_success_timestamp_seconds",
      "When the last complete cycle ended (Unix time, seconds).",
    );
    this.webhookFailures = counter(
      "cbcheck_webhook_failures_total",
      "Events the --webhook did not accept after every retry.",
    );
    for (const budget of ["calls_per_hour", "credits_per_day", "daily_quota", "retry_after"])
      this.budgetExhausted.set({ budget }, 0);
  }
}
