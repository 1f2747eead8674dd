/**
 * A profile's part in a segment: rates (after pacing) divide by N, counts divide exactly (the parts add up to
 * the whole), the throughput budget is the segment's share, and a count smaller than N is refused rather than
 * leaving a segment with nothing to send.
 */
import { describe, expect, it } from "vitest";
import { loadProfile } from "./load-profile-file.js";
import { PACE_SHARE } from "./pacing.js";
import { burstSize, expectedRateLimit } from "./run-profile.js";
import { partOf, type Segment } from "./segment.js";
import { segmentProfile } from "./segment-profile.js";

const segmentsOf = (count: number): Segment[] =>
  Array.from({ length: count }, (_, i) => ({ index: i + 1, count }));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const LIMIT = { calls: 6000, windowSeconds: 60 };

describe("segmentProfile", () => {
  it("is the profile itself for the whole run", () => {
    const latency = loadProfile("latency");
    expect(segmentProfile(latency, { index: 1, count: 1 }, LIMIT)).toBe(latency);
  });

  it.each([2, 3, 4, 7])(
    "open model in %i segments: the rate and the throughput budget divide, caps add up",
    (n) => {
      const latency = loadProfile("latency");
      const parts = segmentsOf(n).map((s) => segmentProfile(latency, s, LIMIT));
      expect(sum(parts.map((p) => p.rate ?? 0))).toBeCloseTo(50, 9);
      expect(sum(parts.map((p) => p.budgets?.minThroughput ?? 0))).toBeCloseTo(40, 9);
      expect(sum(parts.map((p) => p.caps?.maxCalls ?? 0))).toBe(20_000);
      // Connections carry the open model's rate: each segment keeps at least one.
      expect(parts.map((p) => p.connections)).toEqual(segmentsOf(n).map((s) => Math.max(1, partOf(4, s))));
      expect(parts.every((p) => p.budgets?.latency === latency.budgets?.latency)).toBe(true);
    },
  );

  it("divides the paced rate under the declared limit: together the segments offer what one process would", () => {
    const latency = loadProfile("latency");
    const contract = { calls: 120, windowSeconds: 60 };
    const parts = segmentsOf(4).map((s) => segmentProfile(latency, s, contract));
    expect(sum(parts.map((p) => p.rate ?? 0))).toBeCloseTo(2 * PACE_SHARE, 9);
  });

  it("closed model: connections divide exactly, the remainder on the first segments", () => {
    const batches = loadProfile("batch-limits");
    expect(segmentsOf(3).map((s) => segmentProfile(batches, s).connections)).toEqual([3, 3, 2]);
    expect(segmentsOf(8).map((s) => segmentProfile(batches, s).connections)).toEqual(Array(8).fill(1));
  });

  it("refuses a closed-model profile with fewer connections than segments in every segment, naming it", () => {
    const batches = loadProfile("batch-limits");
    expect(() => segmentProfile(batches, { index: 9, count: 9 })).toThrow(
      /--segment 9\/9: profile batch-limits has connections 8, fewer than 9 segments/,
    );
    // The first segment would get one connection: it refuses all the same, as the run cannot be split so.
    expect(() => segmentProfile(batches, { index: 1, count: 9 })).toThrow(/fewer than 9 segments/);
  });

  it("rate-limit: the whole run's burst and connections divide exactly", () => {
    const rate = loadProfile("rate-limit");
    const contract = { calls: 120, windowSeconds: 60 };
    const whole = burstSize(expectedRateLimit(rate, false, contract), rate);
    for (const n of [1, 2, 3, 5, 8]) {
      const parts = segmentsOf(n).map((s) => segmentProfile(rate, s, contract));
      expect(
        sum(parts.map((p) => expectedRateLimit(p, false, contract).burst ?? burstSize(contract, p))),
      ).toBe(n === 1 ? whole : whole);
      expect(sum(parts.map((p) => p.connections))).toBe(8);
      // The burst stays a closed model: no rate is set on it.
      for (const p of parts) expect(p.rate).toBeUndefined();
    }
  });
});
