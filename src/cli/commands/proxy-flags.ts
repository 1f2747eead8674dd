/** The flags of `cbcheck proxy`, typed from `ProxyOptions`. */
import { httpUrl, integerIn } from "../../option-values.js";
import { PROXY_DEFAULTS } from "../../proxy/proxy-defaults.js";
import type { ProxyOptions } from "../../proxy/run-proxy.js";
import type { FlagTable } from "../flag-table.js";
import { type ProgressOutputOptions, QUIET_FLAG } from "../quiet-flag.js";
import { REPORT_FORMATS_FLAG, type ReportFormatOptions } from "../report-formats-flag.js";

/** Where the proxy's reports go. */
export interface ProxyOutputOptions {
  reportDir?: string;
}

/** `cbcheck proxy`'s decision for every option. */
export const PROXY_FLAGS: FlagTable<
  ProxyOptions & ProxyOutputOptions & ProgressOutputOptions & ReportFormatOptions
> = {
  target: {
    flags: "--target <url>",
    description:
      "the cb/v1 server to forward to ({base_url}, ending in /v1; default: the embedded reference server)",
    parse: (text) => httpUrl(text, "--target"),
  },
  listen: {
    flags: "--listen <host:port>",
    description: "where clients connect (port 0: any free port, printed)",
    default: PROXY_DEFAULTS.listen,
  },
  maxExchanges: {
    flags: "--max-exchanges <n>",
    description: "stop and write the reports after this many exchanges (default: until Ctrl-C)",
    parse: (text) => integerIn(text, "--max-exchanges"),
  },
  timeoutMs: {
    flags: "--timeout-ms <ms>",
    description: "time the target has for its headers and between body chunks (past it: 504 to the client)",
    parse: (text) => integerIn(text, "--timeout-ms"),
    default: PROXY_DEFAULTS.timeoutMs,
  },
  maxBodyBytes: {
    flags: "--max-body-bytes <n>",
    description: "bytes of each body copied for judging (the client always gets the whole body)",
    parse: (text) => integerIn(text, "--max-body-bytes"),
    default: PROXY_DEFAULTS.maxBodyBytes,
  },
  seed: {
    flags: "--seed <n>",
    description:
      "without --target: the embedded server's seed, fixing its test keys (the ones cbcheck serve --seed N prints)",
    parse: (text) => integerIn(text, "--seed", 0),
  },
  judgeQueue: {
    notAFlag: "the judge queue's bounds are for tests (library option); the defaults suit live traffic",
  },
  server: { notAFlag: "the embedded reference server's seeded bugs are for tests (library option)" },
  onHop: { notAFlag: "a hook for benchmarks (bench/proxy.ts), not a setting" },
  metricsPort: {
    flags: "--metrics-port <port>",
    description:
      "serve Prometheus metrics per client key hash on http://HOST:PORT/metrics while the session runs (0: any free port, printed)",
    parse: (text) => integerIn(text, "--metrics-port", 0, 65535),
  },
  metricsHost: {
    flags: "--metrics-host <host>",
    description: "interface of --metrics-port (0.0.0.0 in a container Prometheus scrapes)",
    default: PROXY_DEFAULTS.metricsHost,
  },
  reportDir: {
    flags: "--report-dir <dir>",
    description:
      "where the reports go (default: a new reports/proxy/<timestamp>, copied to reports/proxy/latest)",
  },
  ...QUIET_FLAG,
  ...REPORT_FORMATS_FLAG,
};
