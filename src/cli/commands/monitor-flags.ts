/** The flags of `cbcheck monitor`, typed from `MonitorOptions`: every option is a flag or says why it is not. */

import { MONITOR_DEFAULTS, MONITOR_SUITES, parseDuration } from "../../monitor/monitor-defaults.js";
import type { MonitorOptions } from "../../monitor/options.js";
import { httpUrl, integerIn, numberIn } from "../../option-values.js";
import { collect, type FlagTable } from "../flag-table.js";
import { SEED_FLAG } from "./seed-flag.js";

/** `cbcheck monitor`'s decision for every option. */
export const MONITOR_FLAGS: FlagTable<MonitorOptions> = {
  baseUrl: {
    flags: "--base-url <url>",
    description: "the server to watch ({base_url}, ending in /v1)",
    parse: (text) => httpUrl(text, "--base-url"),
  },
  altBaseUrl: {
    flags: "--alt-base-url <url>",
    description:
      "its alternate root (…/api/v1): the alt-base-url suite compares the two on the same requests",
    parse: (text) => httpUrl(text, "--alt-base-url"),
  },
  apiKeyEnv: {
    flags: "--api-key-env <name>",
    description: "environment variable holding the API key the monitor spends",
    default: MONITOR_DEFAULTS.apiKeyEnv,
  },
  freeApiKeyEnv: {
    flags: "--free-api-key-env <name>",
    description: "environment variable holding a Free-plan key (optional: enables the 403 checks)",
    default: MONITOR_DEFAULTS.freeApiKeyEnv,
  },
  env: { notAFlag: "the CLI passes its own environment" },
  fixtures: {
    flags: "--fixtures <file>",
    description:
      "ids of the target (schemas/fixtures.schema.json); without it they are found once through /resolve and kept in the state",
  },
  suites: {
    flags: "--suite <name>",
    description: `watch only this suite; repeatable (${MONITOR_SUITES.join(", ")}; default all of them)`,
    parse: collect,
  },
  runs: {
    flags: "--runs <n>",
    description: "generated cases per operation and cycle in the schema and alt-base-url suites",
    parse: (text) => integerIn(text, "--runs", 1, 1000),
    default: MONITOR_DEFAULTS.runs,
  },
  seed: {
    ...SEED_FLAG,
    description: "seed of the first cycle (default: random, kept in the state); cycle N uses seed + N - 1",
  },
  cycle: {
    flags: "--cycle <duration>",
    description: "how long a cycle (every rule of the suites exercised once) takes at least: 30m, 1h, 1d",
    parse: (text) => {
      parseDuration(text, "--cycle");
      return text;
    },
    default: MONITOR_DEFAULTS.cycle,
  },
  maxCallsPerHour: {
    flags: "--max-calls-per-hour <n>",
    description:
      "calls the monitor may send in any hour (default: 5 % of the contract's 120 calls per minute)",
    parse: (text) => integerIn(text, "--max-calls-per-hour"),
    default: MONITOR_DEFAULTS.maxCallsPerHour,
  },
  maxCreditsPerDay: {
    flags: "--max-credits-per-day <n>",
    description: "credits the monitor may spend per UTC day on influencer reads (0: none)",
    parse: (text) => integerIn(text, "--max-credits-per-day", 0),
    default: MONITOR_DEFAULTS.maxCreditsPerDay,
  },
  quotaStopAt: {
    flags: "--quota-stop-at <share>",
    description:
      "stop spending until the day resets once the key has used this share of its daily calls or records (/me)",
    parse: (text) => numberIn(text, "--quota-stop-at", 0, 1, true),
    default: MONITOR_DEFAULTS.quotaStopAt,
  },
  confirm: {
    flags: "--confirm <n>",
    description: "exchanges in a row that make a rule failing (an event), or recovered (another)",
    parse: (text) => integerIn(text, "--confirm", 1, 1000),
    default: MONITOR_DEFAULTS.confirm,
  },
  state: {
    flags: "--state <file>",
    description: "the state file (created when missing; one per target)",
    default: MONITOR_DEFAULTS.state,
  },
  reportDir: {
    flags: "--report-dir <dir>",
    description:
      "where the report of a slice with a newly failing rule goes (the events' replay lines read it)",
    default: MONITOR_DEFAULTS.reportDir,
  },
  webhook: {
    flags: "--webhook <url>",
    description: 'also POST each event here as Slack-compatible JSON ({"text": …}; 3 tries, 5 s each)',
  },
  once: {
    flags: "--once",
    description: "run one cycle and exit 0 (no rule failing), 1 (failing) or 2 (incomplete)",
  },
  timeoutMs: {
    flags: "--timeout-ms <ms>",
    description: "time a response has, headers and body",
    parse: (text) => integerIn(text, "--timeout-ms"),
    default: MONITOR_DEFAULTS.timeoutMs,
  },
  metricsPort: {
    flags: "--metrics-port <port>",
    description: "serve Prometheus metrics on http://HOST:PORT/metrics (0: any free port, printed)",
    parse: (text) => integerIn(text, "--metrics-port", 0, 65535),
  },
  metricsHost: {
    flags: "--metrics-host <host>",
    description: "interface of --metrics-port (0.0.0.0 in a container Prometheus scrapes)",
    default: MONITOR_DEFAULTS.metricsHost,
  },
  clock: { notAFlag: "the CLI passes its io's clock (tests skip waits with theirs)" },
};
