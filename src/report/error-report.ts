/**
 * The report of a command that ended on a harness error (exit 2) before any verdict — an unreachable target,
 * a missing key, a bad option value found while resolving — so that CI finds junit.xml (with an `<error>`)
 * and report.json (verdict `error`) on every exit, not only on pass and fail.
 */
import { VERSION } from "../version.js";
import type { Report } from "./model.js";
import { summarise } from "./summarise.js";

/** What an error report says: the command, when it started, the error's code and one-line message. */
export interface ErrorReportInputs {
  command: Report["command"];
  startedAt: Date;
  code: string;
  message: string;
  /** Rows judged before the error, if any (kept, never thrown away). */
  results?: Report["results"];
}

/** Builds the report of a command ended by a harness error. */
export function errorReport(inputs: ErrorReportInputs): Report {
  const results = inputs.results ?? [];
  return {
    tool: "cbcheck",
    version: VERSION,
    command: inputs.command,
    startedAt: inputs.startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    verdict: "error",
    reason: `${inputs.message} [${inputs.code}]`,
    error: { code: inputs.code, message: inputs.message },
    summary: summarise(results),
    results,
  };
}
