import { describe, expect, it } from "vitest";
import {
  createHistogram,
  decodeHistogram,
  encodeHistogram,
  mergeHistograms,
  recordMs,
  summarise,
} from "./latency-histogram.js";

/** A deterministic spread of latencies from 80 µs to about 2 s, with a long tail. */
function latencies(n: number, seed: number): number[] {
  let x = seed;
  return Array.from({ length: n }, () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    const u = x / 2 ** 31;
    return 0.08 + u ** 6 * 2000;
  });
}

describe("latency histograms", () => {
  it("keep sub-millisecond latencies (microseconds, never rounded to 0)", () => {
    const h = createHistogram();
    for (let i = 0; i < 100; i++) recordMs(h, 0.25);
    const s = summarise(h);
    expect(s.p50Ms).toBeGreaterThan(0.24);
    expect(s.p50Ms).toBeLessThan(0.26);
    expect(s.p95Ms).toBeGreaterThan(0);
  });

  it("merge exactly: histograms of split runs, encoded and decoded across processes, add up to one run", () => {
    const all = latencies(20_000, 7);
    const whole = createHistogram();
    for (const v of all) recordMs(whole, v);
    const parts = [createHistogram(), createHistogram(), createHistogram()];
    all.forEach((v, i) => {
      recordMs(parts[i % 3], v);
    });
    // As another process or machine would send them: compressed base64 text.
    const merged = mergeHistograms(parts.map((p) => decodeHistogram(encodeHistogram(p))));
    expect(merged.totalCount).toBe(whole.totalCount);
    for (const p of [0, 1, 10, 50, 90, 95, 99, 99.9, 99.99, 100]) {
      expect(merged.getValueAtPercentile(p)).toBe(whole.getValueAtPercentile(p));
    }
    expect(summarise(merged)).toEqual(summarise(whole));
  });
});
