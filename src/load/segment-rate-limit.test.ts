/**
 * The rate-limit profile split over segments: each segment leaves the limiter's whole-run verdicts to the
 * merge (skip, with what it saw alone), and the merge judges them on every segment's burst at once.
 */
import { describe, expect, it } from "vitest";
import { RATE } from "../verdicts/rate.js";
import { type BurstDetails, type BurstSpan, deferToMerge, judgeWholeBurst } from "./segment-rate-limit.js";
import { Tallies } from "./tallies.js";

const T0 = Date.parse("2026-05-04T12:00:00Z");

/** A segment's burst: `ok` 2xx then `refused` 429, one every `stepMs` from `startMs`. */
function burst(ok: number, refused: number, startMs = 0, stepMs = 5): BurstDetails {
  const spans: BurstSpan[] = Array.from({ length: ok + refused }, (_, i) => {
    const sentAt = T0 + startMs + i * stepMs;
    return [sentAt, sentAt + 2, i < ok ? 200 : 429];
  });
  return { calls: 20, windowSeconds: 2, spans };
}

function judged(parts: BurstDetails[]) {
  const tallies = new Tallies();
  judgeWholeBurst(parts, tallies);
  return { enforced: tallies.get(RATE.limitEnforced), holds: tallies.get(RATE.windowHolds) };
}

describe("judgeWholeBurst", () => {
  it("passes both when the segments together got 429 and no window held more 2xx than the limit", () => {
    // 12 + 8 = 20 2xx over two segments: exactly the limit, then 429s.
    const { enforced, holds } = judged([burst(12, 4), burst(8, 6, 1)]);
    expect(enforced.failed).toBe(0);
    expect(enforced.judged).toBe(1);
    expect(holds.failed).toBe(0);
    expect(holds.judged).toBe(1);
    expect(holds.message).toMatch(/at most 20 2xx in any 2 s window over every segment \(limit 20\)/);
  });

  it("fails rate.limit_enforced when no segment got a 429", () => {
    const { enforced } = judged([burst(15, 0), burst(15, 0, 1)]);
    expect(enforced.failed).toBe(1);
    expect(enforced.examples[0].title).toBe("no 429 in a burst of 30 calls over 2 segments");
  });

  it("leaves rate.window_holds inconclusive, never passed, when the segments' 2xx together pass the limit", () => {
    // Each segment alone stays under 20; together 28 2xx fell in one window.
    const { enforced, holds } = judged([burst(14, 2), burst(14, 2, 1)]);
    expect(enforced.failed).toBe(0);
    expect(holds.inconclusive).toBe(true);
    expect(holds.judged).toBe(0);
    expect(holds.message).toMatch(/^28 2xx within 2 s over every segment \(limit 20\)/);
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
