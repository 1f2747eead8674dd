/**
 * Options of `cbcheck monitor`: one user-facing type (all optional but the base URL; the CLI's flags are typed
 * from it), resolved once by `resolveMonitorOptions` into a fully defaulted, validated object. A bad value is a
 * HarnessError `CB_USAGE` naming the flag (exit 2).
 */
import { type Clock, SYSTEM_CLOCK } from "../clock.js";
import { HarnessError } from "../errors.js";
import type { MetricsListen } from "../metrics/serve-metrics.js";
import { envVarName, httpUrl, integerIn, numberIn, requireApiKey } from "../option-values.js";
import { parseSuites } from "../runner/index.js";
import type { SuiteName } from "../vocabulary/suite-name.js";
import { MONITOR_DEFAULTS, MONITOR_SUITES, parseDuration } from "./monitor-defaults.js";

/** What the user may set. */
export interface MonitorOptions {
  /** The target's base URL (with `/v1`); required: a monitor watches a real server. */
  baseUrl?: string;
  altBaseUrl?: string;
  apiKeyEnv?: string;
  freeApiKeyEnv?: string;
  env?: Readonly<Record<string, string | undefined>>;
  /** A fixtures file; without it, ids are discovered once through /resolve and kept in the state. */
  fixtures?: string;
  suites?: string[];
  /** Generated cases per operation and cycle. */
  runs?: number;
  /** The first cycle's seed (kept in the state; a restart goes on with it). */
  seed?: number;
  /** How long one cycle (every rule of the suites exercised once) takes at least: `90s`, `30m`, `1h`, `1d`. */
  cycle?: string;
  maxCallsPerHour?: number;
  maxCreditsPerDay?: number;
  /** Share (0..1] of the key's daily calls or records, as `/me` reports them, from which spending stops. */
  quotaStopAt?: number;
  /** Exchanges in a row that make a rule failing, or recovered. */
  confirm?: number;
  /** The state file (JSON, written whole and renamed into place). */
  state?: string;
  /** Where the reports of slices with a failing rule go (what the events' `replay` lines read). */
  reportDir?: string;
  /** POST each event here (Slack-compatible JSON). */
  webhook?: string;
  /** One cycle, then exit with the usual codes. */
  once?: boolean;
  timeoutMs?: number;
  /** Serve Prometheus metrics on this port (0: any free port). */
  metricsPort?: number;
  metricsHost?: string;
  /** The time cycles, budgets and waits are measured and waited on (tests skip waits with it). */
  clock?: Clock;
}

/** The options after resolution. */
export interface ResolvedMonitorOptions {
  baseUrl: string;
  altBaseUrl?: string;
  /** Key variable names; the keys themselves are read by the runner from `env`, per slice. */
  keyEnv: { main: string; free: string };
  env: Readonly<Record<string, string | undefined>>;
  /** The keys (never written anywhere: only to redact them from what is). */
  secrets: string[];
  fixtures?: string;
  suites: SuiteName[];
  runs: number;
  seed?: number;
  cycleMs: number;
  maxCallsPerHour: number;
  maxCreditsPerDay: number;
  quotaStopAt: number;
  confirm: number;
  state: string;
  reportDir: string;
  webhook?: string;
  once: boolean;
  timeoutMs: number;
  metrics?: MetricsListen;
  clock: Clock;
}

/** `--webhook`: an http(s) URL; its path may be a secret (Slack's are), so messages show its origin only. */
function webhookUrl(text: string): string {
  let origin = "";
  try {
    origin = new URL(text).origin;
  } catch {
    throw new HarnessError("CB_USAGE", "--webhook is not a URL");
  }
  if (!/^https?:$/.test(new URL(text).protocol))
    throw new HarnessError("CB_USAGE", `--webhook must be an http(s) URL (${origin})`);
  return text;
}

/** Resolves and validates every option once. */
export function resolveMonitorOptions(input: MonitorOptions): ResolvedMonitorOptions {
  if (input.baseUrl === undefined)
    throw new HarnessError("CB_USAGE", "monitor needs --base-url: it watches a server you run");
  const env = input.env ?? {};
  const keyEnv = {
    main: envVarName(input.apiKeyEnv ?? MONITOR_DEFAULTS.apiKeyEnv),
    free: envVarName(input.freeApiKeyEnv ?? MONITOR_DEFAULTS.freeApiKeyEnv),
  };
  const mainKey = requireApiKey(env, keyEnv.main);
  const freeKey = env[keyEnv.free] || undefined;
  const suites = parseSuites(input.suites, [...MONITOR_SUITES]);
  return {
    baseUrl: httpUrl(input.baseUrl, "--base-url"),
    ...(input.altBaseUrl ? { altBaseUrl: httpUrl(input.altBaseUrl, "--alt-base-url") } : {}),
    keyEnv,
    env,
    secrets: freeKey ? [mainKey, freeKey] : [mainKey],
    ...(input.fixtures !== undefined ? { fixtures: input.fixtures } : {}),
    suites,
    runs: integerIn(input.runs ?? MONITOR_DEFAULTS.runs, "--runs", 1, 1000),
    ...(input.seed !== undefined ? { seed: integerIn(input.seed, "--seed", 0) } : {}),
    cycleMs: parseDuration(input.cycle ?? MONITOR_DEFAULTS.cycle, "--cycle"),
    maxCallsPerHour: integerIn(
      input.maxCallsPerHour ?? MONITOR_DEFAULTS.maxCallsPerHour,
      "--max-calls-per-hour",
    ),
    maxCreditsPerDay: integerIn(
      input.maxCreditsPerDay ?? MONITOR_DEFAULTS.maxCreditsPerDay,
      "--max-credits-per-day",
      0,
    ),
    quotaStopAt: numberIn(input.quotaStopAt ?? MONITOR_DEFAULTS.quotaStopAt, "--quota-stop-at", 0, 1, true),
    confirm: integerIn(input.confirm ?? MONITOR_DEFAULTS.confirm, "--confirm", 1, 1000),
    state: input.state ?? MONITOR_DEFAULTS.state,
    reportDir: input.reportDir ?? MONITOR_DEFAULTS.reportDir,
    ...(input.webhook !== undefined ? { webhook: webhookUrl(input.webhook) } : {}),
    once: input.once ?? false,
    timeoutMs: integerIn(input.timeoutMs ?? MONITOR_DEFAULTS.timeoutMs, "--timeout-ms"),
    ...(input.metricsPort !== undefined
      ? {
          metrics: {
            host: input.metricsHost ?? MONITOR_DEFAULTS.metricsHost,
            port: integerIn(input.metricsPort, "--metrics-port", 0, 65535),
          },
        }
      : {}),
    clock: input.clock ?? SYSTEM_CLOCK,
  };
}
