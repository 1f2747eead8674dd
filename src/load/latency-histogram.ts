/**
 * Latency histograms in microseconds (HdrHistogram): any percentile is available, sub-millisecond values
 * keep their resolution, and histograms of several runs or processes merge exactly by adding counts.
 */
import * as hdr from "hdr-histogram-js";

/** An HdrHistogram of latencies in microseconds. */
export type Histogram = hdr.Histogram;

/** Highest latency tracked exactly: one hour in microseconds (larger values widen the histogram). */
const HIGHEST_US = 3_600_000_000;

/** A new, empty latency histogram (µs, 3 significant digits). */
export function createHistogram(): Histogram {
  return hdr.build({
    bitBucketSize: 32,
    autoResize: true,
    lowestDiscernibleValue: 1,
    highestTrackableValue: HIGHEST_US,
    numberOfSignificantValueDigits: 3,
  });
}

/** Records one latency given in milliseconds (fractional), stored as whole microseconds, at least 1. */
export function recordMs(histogram: Histogram, ms: number): void {
  histogram.recordValue(Math.max(1, Math.round(ms * 1000)));
}

/** Serialises a histogram for another process (HdrHistogram's compressed base64 encoding). */
export function encodeHistogram(histogram: Histogram): string {
  return hdr.encodeIntoCompressedBase64(histogram);
}

/** Reads a histogram encoded by `encodeHistogram` (here or in another process). */
export function decodeHistogram(encoded: string): Histogram {
  return hdr.decodeFromCompressedBase64(encoded, 32, false);
}

/** Adds every histogram into a new one: the merge is exact (counts per bucket add). */
export function mergeHistograms(histograms: Iterable<Histogram>): Histogram {
  const total = createHistogram();
  for (const h of histograms) total.add(h);
  return total;
}

/** Percentiles of a latency histogram, in milliseconds with microsecond resolution. */
export interface LatencySummary {
  count: number;
  minMs: number;
  meanMs: number;
  p50Ms: number;
  p90Ms: number;
  p95Ms: number;
  p99Ms: number;
  p999Ms: number;
  maxMs: number;
}

/** Summarises a histogram (µs) as milliseconds. */
export function summarise(histogram: Histogram): LatencySummary {
  const at = (p: number) => histogram.getValueAtPercentile(p) / 1000;
  const empty = histogram.totalCount === 0;
  return {
    count: histogram.totalCount,
    minMs: empty ? 0 : histogram.minNonZeroValue / 1000,
    meanMs: empty ? 0 : histogram.mean / 1000,
    p50Ms: at(50),
    p90Ms: at(90),
    p95Ms: at(95),
    p99Ms: at(99),
    p999Ms: at(99.9),
    // The bucket value, not the raw maximum: a decoded histogram only knows buckets (3 significant digits).
    maxMs: at(100),
  };
}

/** Percentiles plotted in the HTML report (log-ish x axis up to 99.99). */
const PLOT_PERCENTILES = [0, 10, 25, 50, 75, 90, 95, 97.5, 99, 99.5, 99.9, 99.95, 99.99] as const;

/** Latency in ms at each plot percentile. */
export function percentileCurve(histogram: Histogram): { percentile: number; ms: number }[] {
  return PLOT_PERCENTILES.map((percentile) => ({
    percentile,
    ms: histogram.totalCount === 0 ? 0 : histogram.getValueAtPercentile(percentile) / 1000,
  }));
}
