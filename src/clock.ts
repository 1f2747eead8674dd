/**
 * Time as cbcheck reads it and waits on it. Pacers, limiters, Retry-After holds, windows and deadlines take a
 * `Clock` instead of reaching for `Date.now` and timers, so that a test can hand the harness and the
 * reference server one clock on which waiting out a window or a Retry-After takes no real time
 * (`src/test-support/clocks.ts`), while the traffic itself stays real.
 */
import { setTimeout as sleepFor } from "node:timers/promises";

/** A source of time and of waits on it. */
export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
  /** Resolves once `ms` have passed on this clock; rejects (an `AbortError`) when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The process's real time. */
export const SYSTEM_CLOCK: Clock = Object.freeze({
  now: () => Date.now(),
  sleep: (ms: number, signal?: AbortSignal) => sleepFor(ms, undefined, signal ? { signal } : undefined),
});
