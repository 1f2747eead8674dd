/**
 * Sequential pacing as the contract asks of clients: one call at a time ("calls made one after another"),
 * and after a 429 no call before `Retry-After` seconds have passed ("Wait at least Retry-After seconds").
 * Shared by the reference client and the runner's paced calls.
 */
import { type Clock, SYSTEM_CLOCK } from "../clock.js";

/**
 * Parses a `Retry-After` value as the contract gives it: whole seconds (Errors: "header Retry-After (seconds)").
 * Returns undefined when the value is not a non-negative integer number of seconds.
 */
export function parseRetryAfterSeconds(value: string | null | undefined): number | undefined {
  if (value === undefined || value === null) return undefined;
  const trimmed = value.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** Runs calls strictly one after another and holds every call after a Retry-After. */
export class SequentialPacer {
  #tail: Promise<unknown> = Promise.resolve();
  #notBefore = 0;
  /** The time holds are measured and waited on (default the system's). */
  readonly clock: Clock;

  constructor(options: { clock?: Clock } = {}) {
    this.clock = options.clock ?? SYSTEM_CLOCK;
  }

  /** Milliseconds until the next call may start (0 when it may start now). */
  get waitMs(): number {
    return Math.max(0, this.#notBefore - this.clock.now());
  }

  /** No call may start before `seconds` from now (never shortens an earlier hold). */
  holdFor(seconds: number): void {
    this.#notBefore = Math.max(this.#notBefore, this.clock.now() + seconds * 1000);
  }

  /** Runs `call` when every earlier call has settled and any hold has passed. */
  run<T>(call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const turn = this.#tail.then(async () => {
      // Re-read after each sleep: a call that settled meanwhile may have extended the hold.
      for (let wait = this.waitMs; wait > 0; wait = this.waitMs) {
        await this.clock.sleep(wait, signal);
      }
      return call();
    });
    this.#tail = turn.catch(() => undefined);
    return turn;
  }
}
