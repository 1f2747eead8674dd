/**
 * The flags of `cbcheck certify-client`, typed from `CertifyOptions`: every option is a flag or says why it
 * is not.
 */
import { DEFAULT_TIMEOUT_S, parseLevel, parseTimeoutS } from "../../certify/option-parsers.js";
import type { CertifyOptions } from "../../certify/options.js";
import { collect, type FlagTable } from "../flag-table.js";
import { type ProgressOutputOptions, QUIET_FLAG } from "../quiet-flag.js";
import { REPORT_FORMATS_FLAG, type ReportFormatOptions } from "../report-formats-flag.js";

/** `cbcheck certify-client`'s decision for every option of `CertifyOptions`. */
export const CERTIFY_FLAGS: FlagTable<CertifyOptions & ProgressOutputOptions & ReportFormatOptions> = {
  command: { notAFlag: "the client command is the [command...] argument, after --" },
  cwd: { notAFlag: "the client runs in the current directory" },
  env: { notAFlag: "the CLI passes its own environment, which the client inherits" },
  signal: { notAFlag: "the CLI aborts it on SIGINT or SIGTERM" },
  concurrency: { notAFlag: "scenarios run one at a time from the CLI; tests run several at once" },
  scenarios: {
    flags: "--scenario <name>",
    description: "run only this scenario (repeatable; default all)",
    parse: collect,
    default: [],
  },
  level: {
    flags: "--level <level>",
    description: "required: the contract's requirements only; all: also recommended practice",
    parse: parseLevel,
    default: "all",
  },
  reportDir: {
    flags: "--report-dir <dir>",
    description:
      "where the certificate (junit.xml, report.json, report.md, report.html) is written, overwriting it " +
      "(default a new reports/certify-client/<timestamp>, copied to reports/certify-client/latest)",
  },
  timeoutS: {
    flags: "--timeout-s <seconds>",
    description: "time each scenario's client may run",
    parse: parseTimeoutS,
    default: DEFAULT_TIMEOUT_S,
  },
  ...QUIET_FLAG,
  ...REPORT_FORMATS_FLAG,
};
