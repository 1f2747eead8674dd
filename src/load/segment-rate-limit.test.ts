/**
 * The rate-limit profile split over segments: each segment leaves the limiter's whole-run verdicts to the
 * merge (skip, with what it saw alone), and the merge judges them on every segment's burst at once.
 */
import { describe, expect, it } from "vitest";
import { RATE } from "../verdicts/rate.js";
import { type BurstDetails, type BurstSpan, deferToMerge, judgeWholeBurst } from "./segment-rate-limit.js";
import { Tallies } from "./tallies.js";

const T0 = Date.parse("2026-05-04T12:00:00Z");

/** A segment's burst on one connection: `ok` 2xx then `refused` 429, one every `stepMs` from `startMs`. */
function burst(ok: number, refused: number, startMs = 0, stepMs = 5): BurstDetails {
  const spans: BurstSpan[] = Array.from({ length: ok + refused }, (_, i) => {
    const sentAt = T0 + startMs + i * stepMs;
    return [sentAt, sentAt + 2, i < ok ? 200 : 429];
  });
  return { calls: 20, windowSeconds: 2, concurrency: 1, spans };
}

function judged(parts: BurstDetails[]) {
  const tallies = new Tallies();
  judgeWholeBurst(parts, tallies);
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
