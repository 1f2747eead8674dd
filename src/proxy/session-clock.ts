/** The time a proxy session reads: its live lines' windows, their ticks, and its stop deadline. */

/** A clock: the time now, and a callback after a delay (cancelled by the function returned). */
export interface SessionClock {
  now(): number;
  after(ms: number, run: () => void): () => void;
}

/** The real clock (timers that never keep the process alive on their own). */
export const REAL_CLOCK: SessionClock = {
  now: () => Date.now(),
  after(ms, run) {
    const timer = setTimeout(run, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};
