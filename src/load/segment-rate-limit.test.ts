/**
 * The rate-limit profile split over segments: each segment leaves the limiter's whole-run verdicts to the
 * merge (skip, with what it saw alone), and the merge judges them on every segment's burst at once.
 */
import { describe, expect, it } from "vitest";
import { RATE } from "../verdicts/rate.js";
import { type BurstDetails, type BurstHarness, deferToMerge, judgeWholeBurst } from "./segment-rate-limit.js";
import { Tallies } from "./tallies.js";
import { segmentBurst } from "./test-support/segment-burst.js";

/** A segment's burst: `ok` 2xx then `refused` 429, one every 5 ms from `startMs`, its harness kept up. */
const burst = (ok: number, refused: number, startMs = 0) => segmentBurst(ok, refused, { startMs });

/** The merge's verdicts on these bursts, segment i + 1 of N each. */
function judged(parts: BurstDetails[]) {
  const tallies = new Tallies();
  judgeWholeBurst(
    parts.map((burst, i) => ({ segment: `${i + 1}/${parts.length}`, burst })),
    tallies,
  );
  return { enforced: tallies.get(RATE.limitEnforced), holds: tallies.get(RATE.windowHolds) };
}

describe("judgeWholeBurst", () => {
  it("passes both when the segments together got 429, filled a window past the limit, all in flight at once", () => {
    // 12 + 8 = 20 2xx over two segments: exactly the limit, then 429s; each span 2 ms, one every 5 ms, the
    // second segment 1 ms behind: both segments' connections in flight together.
    const { enforced, holds } = judged([burst(12, 4), burst(8, 8, 1)]);
    expect(enforced).toMatchObject({ failed: 0, judged: 1 });
    expect(enforced.message).toMatch(/^32 calls of 2 segments; 12 × 429/);
    expect(holds).toMatchObject({ failed: 0, judged: 1 });
    expect(holds.message).toMatch(/^over every segment: at most 20 2xx in any 2 s window \(limit 20\)/);
  });

  it("fails rate.limit_enforced when no segment got a 429 though the limit was passed within a window", () => {
    const { enforced } = judged([burst(15, 0), burst(15, 0, 1)]);
    expect(enforced.failed).toBe(1);
    expect(enforced.examples[0].title).toBe("no 429 in a burst of 30 calls over 2 segments");
  });

  it("leaves rate.window_holds inconclusive, never passed, when the segments' 2xx together pass the limit", () => {
    // Each segment alone stays under 20; together 28 2xx fell in one window.
    const { enforced, holds } = judged([burst(14, 2), burst(14, 2, 1)]);
    expect(enforced.failed).toBe(0);
    expect(holds).toMatchObject({ inconclusive: true, judged: 0 });
    expect(holds.message).toMatch(/^over every segment: up to 28 2xx may have shared one 2 s window/);
  });

  it("leaves rate.window_holds inconclusive when one segment alone saw more 2xx than the limit (it repeats its burst, unused)", () => {
    // A segment repeats its burst in a fresh window only when its own first burst may have held more 2xx
    // than the whole limit; the segments' first bursts together then hold at least as many, so the merge,
    // which judges the first bursts, is inconclusive there: the repeat it does not read cannot hide a leak.
    const { holds } = judged([burst(22, 0), burst(0, 6, 1)]);
    expect(holds).toMatchObject({ inconclusive: true, failed: 0, judged: 0 });
    expect(holds.message).toMatch(/^over every segment: up to 22 2xx may have shared one 2 s window/);
  });
});

describe("judgeWholeBurst when a segment's harness was held up during its burst", () => {
  // The bursts of the passing case above, each call answered 100 ms after it went (so that the overlaps
  // outlast the harness's lateness): only whether each harness kept up differs.
  const long = { spanMs: 100 };
  const held = (harness: Partial<BurstHarness> | null) =>
    judged([segmentBurst(12, 4, long), segmentBurst(8, 8, { ...long, startMs: 1, harness })]);

  it("leaves rate.window_holds inconclusive, naming the segment and its timers' delay, never a pass", () => {
    const { enforced, holds } = held({ delayMs: 35 });
    expect(holds).toMatchObject({ inconclusive: true, judged: 0, failed: 0 });
    expect(holds.message).toMatch(
      /^over every segment: at most 20 2xx in any 2 s window, but during segment 2\/2's burst this machine held the harness up: its timers fired up to 35 ms late \(p99\): the calls may have reached the target one by one/,
    );
    // Whether some call got 429 does not depend on when the calls met.
    expect(enforced).toMatchObject({ failed: 0, judged: 1 });
    expect(enforced.inconclusive).toBeFalsy();
  });

  it("counts as in flight at once only overlaps longer than a segment's harness lateness, as for one process", () => {
    // 10 ms late is under the held-up threshold, but the segments' 2 ms calls, 1 ms apart, may then have
    // reached the target one by one.
    const { holds } = judged([burst(12, 4), segmentBurst(8, 8, { startMs: 1, harness: { delayMs: 10 } })]);
    expect(holds).toMatchObject({ inconclusive: true, judged: 0 });
    expect(holds.message).toContain(
      "the burst did not put the limit under concurrency: 32 calls certainly inside one 2 s window (limit 20), 0 in flight at once (of 2, counting only overlaps longer than the harness's 10 ms lateness)",
    );
  });

  it("says so for a segment that fell behind its own schedule", () => {
    const { holds } = held({ lateSends: 5, lateMs: 400 });
    expect(holds.inconclusive).toBe(true);
    expect(holds.message).toContain(
      "during segment 2/2's burst this machine fell behind its own schedule: 5 of 16 sends went more than",
    );
  });

  it("names every segment held up", () => {
    const tallies = new Tallies();
    const slow = { spanMs: 100, harness: { delayMs: 40 } };
    judgeWholeBurst(
      [
        { segment: "1/3", burst: segmentBurst(8, 2, slow) },
        { segment: "2/3", burst: segmentBurst(6, 4, { spanMs: 100, startMs: 0.5 }) },
        { segment: "3/3", burst: segmentBurst(6, 4, { startMs: 1, ...slow }) },
      ],
      tallies,
    );
    const { message } = tallies.get(RATE.windowHolds);
    expect(message).toContain("segment 1/3's burst");
    expect(message).toContain("segment 3/3's burst");
    expect(message).not.toContain("segment 2/3");
  });

  it("is inconclusive on a report that does not say whether its harness kept up (written before it did)", () => {
    const { holds } = held(null);
    expect(holds.inconclusive).toBe(true);
    expect(holds.message).toContain(
      "segment 2/2's report does not say whether its harness kept up during its burst",
    );
  });
});

describe("deferToMerge", () => {
  it("marks the whole-run verdicts deferred (skip), keeping what the segment saw alone", () => {
    const tallies = new Tallies();
    tallies.pass(RATE.limitEnforced).message = "3 × 429";
    tallies.get(RATE.windowHolds).inconclusive = true;
    deferToMerge(tallies, { index: 2, count: 4 });
    const enforced = tallies.get(RATE.limitEnforced);
    expect(enforced.deferred).toBe(true);
    expect(enforced.message).toBe(
      "judged on every segment's calls together by `cbcheck load --merge`; segment 2/4 alone: 3 × 429",
    );
    expect(tallies.get(RATE.windowHolds)).toMatchObject({ deferred: true, inconclusive: false });
  });
});
