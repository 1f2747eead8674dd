/**
 * Clocks for tests (`src/clock.ts`). `SkippingClock`: real time plus an offset, where every `sleep` moves the
 * offset on to the moment it waits for instead of waiting. Shared by the harness and a reference server in
 * the same process, it makes a window turn over or a Retry-After pass at once for both sides, while the
 * requests between two waits still take their real time: a run that waits out a 60 s window finishes in
 * milliseconds and sees exactly what it would have seen a minute later.
 */
import type { Clock } from "../clock.js";

/** The error `timers/promises` rejects a sleep with when its signal aborts. */
function abortError(signal: AbortSignal): Error {
  return Object.assign(new Error("The operation was aborted"), {
    name: "AbortError",
    code: "ABORT_ERR",
    cause: signal.reason,
  });
}

/** Real time, except that waiting takes none: see the file comment. */
export class SkippingClock implements Clock {
  #offsetMs = 0;

  /**
   * `startAt` (ms since the epoch): the clock reads that time now instead of the real one — for a test whose
   * verdict depends on the time of day (a daily limit resets at 00:00 UTC), so that it does not depend on
   * when the suite runs.
   */
  constructor(startAt?: number) {
    if (startAt !== undefined) this.#offsetMs = startAt - Date.now();
  }
  /** Sleeps started since the last jump: resolved together, so two waits begun at once end at once. */
  #due: { at: number; wake: () => void }[] = [];
  #isJumpScheduled = false;

  /** Milliseconds this clock is ahead of real time. */
  get skippedMs(): number {
    return this.#offsetMs;
  }

  now(): number {
    return Date.now() + this.#offsetMs;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortError(signal));
    const at = this.now() + Math.max(0, ms);
    return new Promise<void>((resolve, reject) => {
      const wake = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      const onAbort = () => {
        this.#due = this.#due.filter((d) => d.wake !== wake);
        reject(abortError(signal as AbortSignal));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#due.push({ at, wake });
      this.#scheduleJump();
    });
  }

  /** After the current turn: every sleep begun in it is registered before the clock moves. */
  #scheduleJump(): void {
    if (this.#isJumpScheduled) return;
    this.#isJumpScheduled = true;
    setImmediate(() => {
      this.#isJumpScheduled = false;
      this.#jump();
    });
  }

  /** Moves on to the earliest due sleep and wakes every sleep due by then. */
  #jump(): void {
    if (this.#due.length === 0) return;
    const earliest = Math.min(...this.#due.map((d) => d.at));
    this.#offsetMs = Math.max(this.#offsetMs, earliest - Date.now());
    const now = this.now();
    const woken = this.#due.filter((d) => d.at <= now);
    this.#due = this.#due.filter((d) => d.at > now);
    for (const d of woken) d.wake();
    if (this.#due.length > 0) this.#scheduleJump();
  }
}

/** 12:00 UTC of today: a time of day far from the 00:00 UTC reset of daily limits. */
export function middayUtc(): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
}
