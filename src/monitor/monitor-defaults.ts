/**
 * Defaults of `cbcheck monitor`, the suites it may run and the parser of its durations: what its flags and
 * `--help` show, apart from the resolver (options.ts), which loads the runner.
 */
import { HarnessError } from "../errors.js";
import { SUITE_ORDER } from "../runner/run-defaults.js";
import type { SuiteName } from "../vocabulary/suite-name.js";

/** Suites a monitor may run: every suite of `run` but those that spend the key's limits on purpose. */
export const MONITOR_SUITES: readonly SuiteName[] = SUITE_ORDER.filter(
  (s) => s !== "rate-limit" && s !== "batch-limits",
);

/** Defaults, in one place (also shown by `--help`). */
export const MONITOR_DEFAULTS = {
  apiKeyEnv: "CB_API_KEY",
  freeApiKeyEnv: "CB_FREE_API_KEY",
  cycle: "1h",
  /** 5 % of the contract's 120 calls per minute (Limits), the rest left to the key's real workload. */
  maxCallsPerHour: 360,
  /** No influencer reads (1 credit per record) unless asked. */
  maxCreditsPerDay: 0,
  /** Spending stops when the key has used this share of its daily calls or records (`/me`). */
  quotaStopAt: 0.9,
  confirm: 2,
  runs: 5,
  state: "cbcheck-monitor-state.json",
  reportDir: "reports/monitor",
  timeoutMs: 10_000,
  metricsHost: "127.0.0.1",
} as const;

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A duration like `90s`, `30m`, `1h`, `1d` in ms: from one minute to one week. */
export function parseDuration(text: string, flag: string): number {
  const match = /^\s*(\d+)\s*([smhd])\s*$/.exec(text);
  const ms = match ? Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS] : Number.NaN;
  if (!(ms >= 60_000 && ms <= 7 * 86_400_000)) {
    throw new HarnessError(
      "CB_USAGE",
      `${flag} must be a duration from 1m to 7d like 90s, 30m, 1h or 1d, got "${text}"`,
    );
  }
  return ms;
}
