/**
 * `cbcheck load --merge`: reads the report.json files of the segments of one run (`--segment I/N`), or of
 * whole runs side by side, checks that they belong together and merges them into one result, gated as one
 * run. No load is sent, so there is no key to keep secret.
 */
import { HarnessError } from "../errors.js";
import { FILE_LIMITS, readCappedFileSync } from "../read-capped-file.js";
import type { CommandResult, Report } from "../report/model.js";
import { decideVerdict } from "../report/verdict.js";
import { VERSION } from "../version.js";
import { mergeLoadReports } from "./merge-reports.js";
import { checkSegments } from "./segment-merge-check.js";

/** The option of `cbcheck load` that merges instead of sending load. */
export interface MergeOptions {
  /** report.json files written by `cbcheck load`; when given, nothing is sent. */
  merge?: string[];
}

function readReport(file: string): Report {
  const text = readCappedFileSync(file, FILE_LIMITS.report, "load report");
  try {
    return JSON.parse(text) as Report;
  } catch (err) {
    throw new HarnessError("CB_INPUT_NOT_JSON", `cannot read ${file}: ${(err as Error).message}`);
  }
}

/**
 * Merges the load reports in `files`; throws HarnessError when one cannot be read or is not a load report.
 * A shard that did not finish (incomplete, interrupted, error) makes the merged run incomplete, never a pass.
 */
export function mergeLoad(files: readonly string[]): CommandResult {
  const shards = files.map(readReport);
  const run = checkSegments(shards.map((report, i) => ({ source: files[i], report })));
  const { report, sections } = mergeLoadReports(shards, VERSION, run);
  const unfinished = shards
    .map((shard, i) => ({ shard, file: files[i] }))
    .filter(({ shard }) => shard.verdict !== "pass" && shard.verdict !== "fail");
  if (unfinished.length === 0) return { report, sections, secrets: [] };
  const stopped = unfinished
    .map(({ shard, file }) => `shard ${file} is ${shard.verdict}${shard.reason ? ` (${shard.reason})` : ""}`)
    .join("; ");
  Object.assign(report, decideVerdict(report.results, { stopped, allowInconclusive: true }));
  return { report, sections, secrets: [], stopped };
}
