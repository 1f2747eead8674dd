/**
 * `cbcheck load --merge`: reads the report.json files of shards run side by side and merges them into one
 * result, gated as one run. No load is sent, so there is no key to keep secret.
 */
import { readFileSync } from "node:fs";
import { HarnessError } from "../errors.js";
import type { CommandResult, Report } from "../report/model.js";
import { VERSION } from "../version.js";
import { mergeLoadReports } from "./merge-reports.js";

/** The option of `cbcheck load` that merges instead of sending load. */
export interface MergeOptions {
  /** report.json files written by `cbcheck load`; when given, nothing is sent. */
  merge?: string[];
}

/** Where a merge writes when no report directory is given: `reports/load-merged-<timestamp>`. */
export function mergedReportDir(now: Date = new Date()): string {
  return `reports/load-merged-${now.toISOString().replace(/[:.]/g, "-")}`;
}

function readReport(file: string): Report {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new HarnessError("CB_FILE_UNREADABLE", `cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(text) as Report;
  } catch (err) {
    throw new HarnessError("CB_INPUT_NOT_JSON", `cannot read ${file}: ${(err as Error).message}`);
  }
}

/** Merges the load reports in `files`; throws HarnessError when one cannot be read or is not a load report. */
export function mergeLoad(files: readonly string[]): CommandResult {
  const { report, sections } = mergeLoadReports(files.map(readReport), VERSION);
  return { report, sections, secrets: [] };
}
