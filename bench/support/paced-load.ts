/**
 * An open-model load generator (wrk2-style fixed rate) for bench/proxy.ts: requests leave on a fixed schedule
 * whatever the answers do, over a pool of keep-alive connections large enough that no request waits for a free
 * one at 1,000 req/s. Latency runs from the moment a request is handed to the HTTP client (so it includes any
 * queueing for a connection) to the end of its body; how late the generator itself kept its schedule is
 * reported beside it, so a reader can tell a loaded generator from a slow target.
 */
import * as hdr from "hdr-histogram-js";
import { Pool } from "undici";

/** One paced phase. */
export interface PacedOptions {
  origin: string;
  path: string;
  key?: string;
  /** Requests per second. */
  rate: number;
  seconds: number;
}

/** Latency percentiles in ms; `lateP99` is the generator's own schedule slip. */
export interface PacedResult {
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
  count: number;
  errors: number;
  lateP99: number;
}

/** Sends `rate × seconds` GETs on schedule and returns the latency distribution. */
export async function pacedLoad(o: PacedOptions): Promise<PacedResult> {
  const pool = new Pool(o.origin, { connections: 64, pipelining: 1, keepAliveTimeout: 30_000 });
  const histogram = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000 });
  const late = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000 });
  const headers = o.key ? { authorization: `Bearer ${o.key}` } : {};
  const total = Math.round(o.rate * o.seconds);
  let errors = 0;
  let sent = 0;
  let finished = 0;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const send = (): void => {
      const from = performance.now();
      pool.request({ path: o.path, method: "GET", headers }).then(
        async (res) => {
          await res.body.dump();
          if (res.statusCode !== 200) errors++;
          histogram.recordValue(Math.max(1, Math.round((performance.now() - from) * 1000)));
          if (++finished === total) resolve();
        },
        () => {
          errors++;
          if (++finished === total) resolve();
        },
      );
    };
    const tick = (): void => {
      const now = performance.now();
      // Every request whose time has come leaves now (a timer fires at ~1 ms granularity).
      while (sent < total && start + (sent * 1000) / o.rate <= now) {
        late.recordValue(Math.max(1, Math.round((now - (start + (sent * 1000) / o.rate)) * 1000)));
        sent++;
        send();
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + (sent * 1000) / o.rate - performance.now()));
    };
    tick();
  });
  await pool.close();
  const ms = (us: number) => us / 1000;
  return {
    p50: ms(histogram.getValueAtPercentile(50)),
    p90: ms(histogram.getValueAtPercentile(90)),
    p99: ms(histogram.getValueAtPercentile(99)),
    p999: ms(histogram.getValueAtPercentile(99.9)),
    max: ms(histogram.maxValue),
    count: histogram.totalCount,
    errors,
    lateP99: ms(late.getValueAtPercentile(99)),
  };
}
