/**
 * Per-bucket volume limits (Limits: calls per minute, calls per day, records per day) and the usage
 * counters that `/me` and `/usage` report. The window is a sliding log, so no trailing window ever holds
 * more than `rateLimit` admitted calls; day and month counters reset at 00:00 UTC (Limits rule 4).
 */

/** Counters of one day or month. */
export interface UsageCounters {
  calls: number;
  records: number;
  credits: number;
}

/** Outcome of admitting one call. */
export type Admission =
  | { ok: true }
  | { ok: false; retryAfterMs: number; reason: "window" | "day" | "records" };

interface Bucket {
  log: number[];
  head: number;
  days: Map<string, UsageCounters>;
  /** The day last asked for and its counters (also in `days`): every call asks for today (hot path). */
  lastDay: string;
  lastCounters: UsageCounters | null;
}

const ADMITTED: Admission = { ok: true };

/** Limits applied to every bucket. */
export interface LimiterConfig {
  rateLimit: number;
  rateWindowMs: number;
  callsPerDay: number;
  recordsPerDay: number;
}

/** The UTC day last asked for, and its bounds: every call asks, and nearly all fall on the same day (hot path). */
let memo = { from: 0, to: 0, day: "" };

function dayOf(ms: number): string {
  if (ms >= memo.from && ms < memo.to) return memo.day;
  const from = ms - (((ms % 86_400_000) + 86_400_000) % 86_400_000);
  memo = { from, to: from + 86_400_000, day: new Date(ms).toISOString().slice(0, 10) };
  return memo.day;
}

/** Milliseconds until the next 00:00 UTC. */
export function msUntilUtcMidnight(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) - now;
}

/** A real limiter: one sliding window log and day counters per bucket. */
export class Limiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly config: LimiterConfig) {}

  /**
   * Changes the per-window call limit and starts every window afresh (the day counters stay): the runner's
   * embedded target lifts the window for the suites that are not about it and sets it for `rate-limit`.
   * The config is the server's options object, so `/me` and `/capabilities` report the new window too.
   */
  setWindow(rateLimit: number, rateWindowMs: number): void {
    this.config.rateLimit = rateLimit;
    this.config.rateWindowMs = rateWindowMs;
    for (const b of this.buckets.values()) {
      b.log = [];
      b.head = 0;
    }
  }

  private bucket(id: string): Bucket {
    let b = this.buckets.get(id);
    if (!b) {
      b = { log: [], head: 0, days: new Map(), lastDay: "", lastCounters: null };
      this.buckets.set(id, b);
    }
    return b;
  }

  /** Counters of a bucket for one UTC day (`YYYY-MM-DD`), created empty. */
  day(id: string, day: string): UsageCounters {
    return this.countersOf(this.bucket(id), day);
  }

  private countersOf(b: Bucket, day: string): UsageCounters {
    if (b.lastDay === day && b.lastCounters) return b.lastCounters;
    let c = b.days.get(day);
    if (!c) {
      c = { calls: 0, records: 0, credits: 0 };
      b.days.set(day, c);
    }
    b.lastDay = day;
    b.lastCounters = c;
    return c;
  }

  /** Sum of the counters of the UTC month of `now`. */
  month(id: string, now: number): UsageCounters {
    const prefix = dayOf(now).slice(0, 7);
    const sum: UsageCounters = { calls: 0, records: 0, credits: 0 };
    for (const [day, c] of this.bucket(id).days) {
      if (!day.startsWith(prefix)) continue;
      sum.calls += c.calls;
      sum.records += c.records;
      sum.credits += c.credits;
    }
    return sum;
  }

  /** Daily counters of the last `n` days, oldest first. */
  history(id: string, now: number, n: number): Array<{ date: string } & UsageCounters> {
    const out: Array<{ date: string } & UsageCounters> = [];
    for (let i = n - 1; i >= 0; i--) {
      const date = dayOf(now - i * 86_400_000);
      const c = this.bucket(id).days.get(date) ?? { calls: 0, records: 0, credits: 0 };
      out.push({ date, ...c });
    }
    return out;
  }

  /** Checks every limit and, when allowed and `record` is true, counts the call. */
  admit(id: string, now: number, options: { windowOff?: boolean; record?: boolean } = {}): Admission {
    const b = this.bucket(id);
    const today = this.countersOf(b, dayOf(now));
    if (today.calls >= this.config.callsPerDay) {
      return { ok: false, retryAfterMs: msUntilUtcMidnight(now), reason: "day" };
    }
    if (today.records >= this.config.recordsPerDay) {
      return { ok: false, retryAfterMs: msUntilUtcMidnight(now), reason: "records" };
    }
    const cutoff = now - this.config.rateWindowMs;
    while (b.head < b.log.length && b.log[b.head] <= cutoff) b.head++;
    if (b.head > 1024 && b.head * 2 > b.log.length) {
      b.log = b.log.slice(b.head);
      b.head = 0;
    }
    if (!options.windowOff && b.log.length - b.head >= this.config.rateLimit) {
      const oldest = b.log[b.log.length - this.config.rateLimit];
      return { ok: false, retryAfterMs: oldest + this.config.rateWindowMs - now, reason: "window" };
    }
    if (options.record !== false) {
      b.log.push(now);
      today.calls++;
    }
    return ADMITTED;
  }

  /** Counts one admitted call (separate so a seeded bug can count late). */
  record(id: string, now: number): void {
    const b = this.bucket(id);
    b.log.push(now);
    this.countersOf(b, dayOf(now)).calls++;
  }

  /** Adds delivered records and charged credits to today's counters. */
  meter(id: string, now: number, records: number, credits: number): void {
    const c = this.day(id, dayOf(now));
    c.records += records;
    c.credits += credits;
  }
}
