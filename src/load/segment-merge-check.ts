/**
 * Before `load --merge` adds reports up: are they the N distinct segments of one run? The same cbcheck
 * version, target, seed, run plan (the whole profiles and overrides), N and agreed start; every segment
 * 1 … N exactly once. Anything else is refused (CB_MERGE_MISMATCH, exit 2): a verdict on reports of
 * different runs, or on a run with a part missing or counted twice, would be a verdict nobody ran.
 * Reports of whole runs (`1/1`, or written before segments) run side by side still merge as shards, as before.
 */
import { HarnessError } from "../errors.js";
import type { Report } from "../report/model.js";
import type { LoadDetails } from "./build-report.js";
import { LATE_START_MS } from "./coordinated-start.js";
import { parseSegment } from "./segment.js";
import type { RunDetails } from "./segment-details.js";

/** A report to merge, with where it came from (for messages). */
export interface SourcedReport {
  source: string;
  report: Report;
}

/** The run that segments merged by `load --merge` make up: what its segments share, their number, who was late. */
export interface SegmentedRun extends Pick<RunDetails, "seed" | "runPlan" | "profiles" | "startAt"> {
  count: number;
  /** The segments that started late (past LATE_START_MS), with how late (ms). */
  late: { segment: string; lateMs: number }[];
}

function refuse(message: string): never {
  throw new HarnessError("CB_MERGE_MISMATCH", message);
}

function runOf(r: SourcedReport): RunDetails | undefined {
  return (r.report.details as { load?: LoadDetails } | undefined)?.load?.run;
}

/**
 * The segmented run the reports make up, undefined when they are whole runs merged side by side; throws
 * CB_MERGE_MISMATCH when they are not the N distinct segments of one run.
 */
export function checkSegments(reports: readonly SourcedReport[]): SegmentedRun | undefined {
  const runs = reports.map(runOf);
  const isSplit = (r: RunDetails | undefined) => r !== undefined && r.segment !== "1/1";
  if (!runs.some(isSplit)) return undefined;
  const first = reports[runs.findIndex(isSplit)];
  const one = runOf(first) as RunDetails;
  const { count } = parseSegment(one.segment);
  const seen = new Map<number, string>();
  reports.forEach((r, i) => {
    const run = runs[i];
    if (!isSplit(run))
      refuse(`${r.source} is a whole run, not a segment: it cannot be merged with segments of a run`);
    const same = (what: string, a: unknown, b: unknown) => {
      if (a !== b) {
        refuse(
          `${r.source} has ${what} ${String(b)}, ${first.source} has ${what} ${String(a)}: not segments of one run`,
        );
      }
    };
    const { index, count: n } = parseSegment((run as RunDetails).segment);
    same("cbcheck version", first.report.version, r.report.version);
    same("target", first.report.target?.baseUrl, r.report.target?.baseUrl);
    same("seed", one.seed, run?.seed);
    same("plan (profiles and overrides)", one.runPlan, run?.runPlan);
    same("segment count", count, n);
    same("--start-at", one.startAt, run?.startAt);
    const twin = seen.get(index);
    if (twin !== undefined) refuse(`${r.source} and ${twin} are both segment ${index}/${count}`);
    seen.set(index, r.source);
  });
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length > 0) refuse(`segment ${missing.map((i) => `${i}/${count}`).join(", ")} missing`);
  const late = runs
    .filter((r): r is RunDetails => (r?.lateMs ?? 0) > LATE_START_MS)
    .map((r) => ({ segment: r.segment, lateMs: r.lateMs as number }));
  const { seed, runPlan, profiles, startAt } = one;
  return { count, seed, runPlan, profiles, ...(startAt ? { startAt } : {}), late };
}
