/**
 * How `monitor` and `proxy` declare their metrics: each in the command's own registry, every histogram with
 * the same duration buckets, so that a declaration is its name, help and labels only.
 */
import { Counter, Gauge, Histogram, type Registry } from "prom-client";

/** Request duration buckets (seconds) of every histogram: a fast API answers in tens of ms, a slow one in seconds. */
export const DURATION_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Makers of counters, gauges and duration histograms registered in `registry`. */
export function metricMakers(registry: Registry) {
  const registers = [registry];
  return {
    counter: <L extends string = string>(name: string, help: string, labelNames: readonly L[] = []) =>
      new Counter<L>({ name, help, labelNames, registers }),
    gauge: <L extends string = string>(name: string, help: string, labelNames: readonly L[] = []) =>
      new Gauge<L>({ name, help, labelNames, registers }),
    /** A histogram of durations in seconds (`DURATION_BUCKETS`). */
    durations: <L extends string = string>(name: string, help: string, labelNames: readonly L[] = []) =>
      new Histogram<L>({ name, help, labelNames, buckets: DURATION_BUCKETS, registers }),
  };
}
