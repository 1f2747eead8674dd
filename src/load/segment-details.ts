/**
 * What a load report says about the run it belongs to (`details.load.run`), so that `load --merge` can tell
 * the N segments of one run from reports that only look alike: the segment, the seed, a digest of everything
 * the segments must share, and when it started against when it was asked to.
 */
import type { StartOutcome } from "./coordinated-start.js";
import type { ResolvedLoadOptions } from "./load-options.js";
import { segmentLabel } from "./segment.js";

/** `details.load.run` of a load report. */
export interface RunDetails {
  /** `I/N` (`--segment`); `1/1` for a run in one process. */
  segment: string;
  seed: number;
  /** Digest of the whole profiles as run and the overrides (`--duration`, `--max-calls`, the declared limit). */
  runPlan: string;
  /** The profiles asked for, in order. */
  profiles: string[];
  /** `--start-at` (or `--start-after` read as a time), when the first profile began, and how late that was. */
  startAt?: string;
  startedAt?: string;
  lateMs?: number;
}

/** The run details of a load run with these options and start. */
export function runDetails(options: ResolvedLoadOptions, start?: StartOutcome): RunDetails {
  return {
    segment: segmentLabel(options.segment),
    seed: options.seed,
    runPlan: options.runPlan,
    profiles: options.profiles.map((p) => p.name),
    ...(start
      ? { startAt: start.startAt, startedAt: start.startedAt, lateMs: Math.round(start.lateMs) }
      : {}),
  };
}
