/**
 * The `rate-limit` profile split over segments. The N segments burst together on one key, so the limiter's
 * verdicts are about their calls taken together: one segment may see no 429 while the others see many, and
 * no segment alone can count the 2xx of a window. Each segment keeps its burst's calls on the wall clock
 * (the machines' clocks agree to milliseconds, the windows are seconds) and leaves `rate.limit_enforced` and
 * `rate.window_holds` to `load --merge`, which judges them on every segment's calls at once. What one
 * segment can judge alone stays in its report: each 429's code and Retry-After, and recovery after waiting
 * its own last 429's Retry-After.
 */
import { performance } from "node:perf_hooks";
import { RATE } from "../verdicts/rate.js";
import { burstReach } from "./burst-reach.js";
import { harnessBehind } from "./judge-budgets.js";
import type { RateLimitExpectation } from "./profile.js";
import type { PhaseResult } from "./run-phase.js";
import { judgeLimitEnforced, judgeWindowHolds, recordJudgement } from "./scenario-rate-limit.js";
import { type Segment, segmentLabel } from "./segment.js";
import type { Tallies } from "./tallies.js";

/** One call of a burst: sent and answered (epoch milliseconds), and its status. */
export type BurstSpan = [sentAt: number, endedAt: number, status: number];

/** A segment's first burst, as `details.load.profiles[].burst` carries it. */
export interface BurstDetails {
  /** The limit the whole run expects (not the segment's share). */
  calls: number;
  windowSeconds: number;
  /** The requests this segment's burst meant to keep in flight at once (its connections, at most its burst). */
  concurrency: number;
  spans: BurstSpan[];
  /**
   * How this segment's harness kept up during the burst (what `harnessBehind` reads); absent in reports
   * written before the merge judged it, which then cannot pass `rate.window_holds`.
   */
  harness?: BurstHarness;
}

/** The figures of one burst that say whether the harness kept up (`PhaseResult`, `DriveResult`). */
export interface BurstHarness {
  sent: number;
  lateSends: number;
  lateMs: number;
  /** p99 ms its own timers fired late (`PhaseResult.harnessDelayMs`). */
  delayMs: number;
}

/** A segment's burst with the segment it came from (`I/N`), as `load --merge` judges it. */
export interface SegmentBurst {
  segment: string;
  burst: BurstDetails;
}

/** The limiter's verdicts that only the whole run can judge. */
const WHOLE_RUN_VERDICTS = [RATE.limitEnforced, RATE.windowHolds];

/** The burst's calls on the wall clock (the load driver times them on `performance.now()`), and how the harness kept up. */
export function burstDetails(
  phase: Pick<PhaseResult, "events" | "drive" | "harnessDelayMs">,
  limit: RateLimitExpectation,
  concurrency: number,
): BurstDetails {
  const epoch = (t: number) => Math.round((performance.timeOrigin + t) * 10) / 10;
  const { sent, lateSends, lateMs } = phase.drive;
  return {
    calls: limit.calls,
    windowSeconds: limit.windowSeconds,
    concurrency,
    spans: phase.events.map((e) => [epoch(e.sentAt), epoch(e.endedAt), e.status]),
    harness: {
      sent,
      lateSends,
      lateMs: Math.round(lateMs),
      delayMs: Math.round(phase.harnessDelayMs * 10) / 10,
    },
  };
}

/**
 * Which segments' harnesses were held up during their bursts, and how; undefined when all kept up. A report
 * that does not say (written before bursts carried it) counts as held up: its calls prove nothing held.
 */
export function segmentsBehind(parts: readonly SegmentBurst[]): string | undefined {
  const causes = parts.flatMap(({ segment, burst: { harness } }) => {
    if (!harness)
      return [`segment ${segment}'s report does not say whether its harness kept up during its burst`];
    const behind = harnessBehind({
      harnessDelayMs: harness.delayMs,
      drive: { sent: harness.sent, lateSends: harness.lateSends, lateMs: harness.lateMs },
    });
    return behind === undefined ? [] : [`during segment ${segment}'s burst ${behind}`];
  });
  return causes.length > 0 ? causes.join("; ") : undefined;
}

/** Marks the whole run's verdicts as left to the merge (`skip`), keeping what this segment saw in the note. */
export function deferToMerge(tallies: Tallies, segment: Segment): void {
  for (const verdict of WHOLE_RUN_VERDICTS) {
    const f = tallies.get(verdict);
    const seen = f.failed > 0 ? f.examples[0]?.received : f.message;
    f.deferred = true;
    f.inconclusive = false;
    f.message =
      `judged on every segment's calls together by \`cbcheck load --merge\`` +
      (seen ? `; segment ${segmentLabel(segment)} alone: ${seen}` : "");
  }
}

/** Whether a row is one the merge judges again from the segments' bursts. */
export function isJudgedOnWholeBurst(id: string): boolean {
  return WHOLE_RUN_VERDICTS.some((v) => v.id === id);
}

/**
 * Judges `rate.limit_enforced` and `rate.window_holds` on every segment's burst at once, as one process's
 * burst is judged (`scenario-rate-limit.ts`): the spans of all segments, their concurrencies added. One
 * process repeats its burst in a fresh window when the first may have held more 2xx than the limit (a window
 * aligned to the clock may have turned over inside it); segments cannot agree on a repeat, so that stays
 * inconclusive here, never a pass. As for one process, `rate.window_holds` passes only when every segment's
 * harness kept up during its burst: a held-up harness makes calls the target took one by one look concurrent.
 */
export function judgeWholeBurst(segments: readonly SegmentBurst[], tallies: Tallies): void {
  const parts = segments.map((s) => s.burst);
  const { calls, windowSeconds } = parts[0];
  const spans = parts.flatMap((p) =>
    p.spans.map(([sentAt, endedAt, status]) => ({ sentAt, endedAt, status })),
  );
  // In flight at the target, as for one process, less the harness's lateness: the most late segment's, so
  // that no overlap counts that one segment's delay could have made.
  const lateMs = Math.max(0, ...parts.map((p) => p.harness?.delayMs ?? 0));
  const reach = burstReach(spans, windowSeconds * 1000, lateMs);
  const goal = { calls, windowSeconds, concurrency: parts.reduce((n, p) => n + p.concurrency, 0) };
  const refused = spans.filter((s) => s.status === 429).length;
  const counts = `${spans.length} calls of ${parts.length} segments`;
  const enforced = judgeLimitEnforced(reach, refused, goal);
  recordJudgement(
    tallies,
    RATE.limitEnforced,
    { ...enforced, message: `${counts}; ${enforced.message}` },
    {
      title: `no 429 in a burst of ${spans.length} calls over ${parts.length} segments`,
      expected: `429 after ${calls} calls within ${windowSeconds} s`,
    },
  );
  const holds = judgeWindowHolds([reach], goal, segmentsBehind(segments));
  recordJudgement(
    tallies,
    RATE.windowHolds,
    { ...holds, message: `over every segment: ${holds.message}` },
    {
      title: `more 2xx within ${windowSeconds} s than the limit ${calls}`,
      expected: `at most ${calls} 2xx per ${windowSeconds} s window`,
    },
  );
}
