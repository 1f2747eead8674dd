/**
 * The segment arithmetic, held to its promises for every N ≤ 64: the parts of a count add up to it, each is
 * within one of its share, the same input gives the same parts, and the segments' slots together are the
 * whole run's slots, each exactly once.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  firstSlotDelayMs,
  globalSlot,
  parseSegment,
  partOf,
  type Segment,
  segmentOfSlot,
  shareOf,
  slotsDue,
} from "./segment.js";

const segmentsOf = (count: number): Segment[] =>
  Array.from({ length: count }, (_, i) => ({ index: i + 1, count }));
const count = fc.integer({ min: 1, max: 64 });
const total = fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 10_000_000 }));

describe("partOf: a count (connections, calls) divided into N parts", () => {
  it("the parts add up to the whole, each within 1 of its share, the remainder on the lowest segments", () => {
    fc.assert(
      fc.property(count, total, (n, t) => {
        const parts = segmentsOf(n).map((s) => partOf(t, s));
        expect(parts.reduce((a, b) => a + b, 0)).toBe(t);
        for (const p of parts) expect(Math.abs(p - t / n)).toBeLessThan(1);
        // Never increasing with the index: the extra ones go to segments 1 … t mod n.
        for (let i = 1; i < n; i++) expect(parts[i]).toBeLessThanOrEqual(parts[i - 1]);
        expect(parts.filter((p) => p > Math.floor(t / n))).toHaveLength(t % n);
      }),
    );
  });

  it("is deterministic, and k6's striping: part(t) counts the slots j < t with j mod N = I − 1", () => {
    fc.assert(
      fc.property(count, fc.integer({ min: 0, max: 500 }), (n, t) => {
        for (const s of segmentsOf(n)) {
          const striped = Array.from({ length: t }, (_, j) => j).filter(
            (j) => segmentOfSlot(j, n) === s.index,
          );
          expect(partOf(t, s)).toBe(striped.length);
          expect(partOf(t, { ...s })).toBe(partOf(t, s));
        }
      }),
      { numRuns: 40 },
    );
  });

  it("grows with the count in every segment (a larger run never gives a segment less)", () => {
    fc.assert(
      fc.property(count, total, (n, t) => {
        for (const s of segmentsOf(n)) expect(partOf(t + 1, s)).toBeGreaterThanOrEqual(partOf(t, s));
      }),
    );
  });
});

describe("rates and slots", () => {
  it("shares of a rate add up to the rate", () => {
    fc.assert(
      fc.property(count, fc.double({ min: 0.01, max: 100_000, noNaN: true }), (n, rate) => {
        const sum = segmentsOf(n).reduce((a, s) => a + shareOf(rate, s), 0);
        expect(sum).toBeCloseTo(rate, 6);
      }),
    );
  });

  it("the segments' local slots map onto the run's slots 0 … t − 1, each once", () => {
    fc.assert(
      fc.property(count, fc.integer({ min: 0, max: 2000 }), (n, t) => {
        const seen = segmentsOf(n).flatMap((s) =>
          Array.from({ length: partOf(t, s) }, (_, local) => globalSlot(local, s)),
        );
        expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: t }, (_, j) => j));
        for (const s of segmentsOf(n)) expect(segmentOfSlot(globalSlot(7, s), n)).toBe(s.index);
      }),
      { numRuns: 40 },
    );
  });

  it("a segment's slots fall on the whole run's schedule: slot j at j / rate", () => {
    fc.assert(
      fc.property(count, fc.double({ min: 1, max: 5000, noNaN: true }), fc.nat(50), (n, rate, local) => {
        for (const s of segmentsOf(n)) {
          const segmentRate = shareOf(rate, s);
          const due = firstSlotDelayMs(segmentRate, s) + (local * 1000) / segmentRate;
          expect(due).toBeCloseTo((globalSlot(local, s) * 1000) / rate, 6);
        }
      }),
    );
  });

  it("the slots due in a duration add up over the segments to the whole run's", () => {
    fc.assert(
      fc.property(
        count,
        fc.double({ min: 0.5, max: 2000, noNaN: true }),
        fc.double({ min: 0.1, max: 60, noNaN: true }),
        (n, rate, seconds) => {
          const whole = slotsDue(rate, seconds, { index: 1, count: 1 });
          expect(segmentsOf(n).reduce((a, s) => a + slotsDue(rate, seconds, s), 0)).toBe(whole);
        },
      ),
    );
    expect(slotsDue(50, 10, { index: 1, count: 1 })).toBe(500);
    expect(slotsDue(50, 10, { index: 3, count: 3 })).toBe(166);
  });
});

describe("parseSegment", () => {
  it("takes I/N, 1-based like run --shard", () => {
    expect(parseSegment("2/4")).toEqual({ index: 2, count: 4 });
    expect(parseSegment(" 1 / 1 ")).toEqual({ index: 1, count: 1 });
  });

  it.each(["0/4", "5/4", "1/0", "a/b", "1:4", "1/4/2", "", "1/1001", "-1/2", "1.5/2"])(
    "refuses %j in one line naming the flag",
    (text) => {
      expect(() => parseSegment(text)).toThrow(/--segment must be I\/N/);
    },
  );
});
