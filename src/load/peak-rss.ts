/**
 * Peak resident set size of this process (load generator and validation workers) over one span, such as
 * one load profile: sampled every 100 ms, and exact when the span raised the process's all-time peak.
 */

const SAMPLE_MS = 100;
const MIB = 2 ** 20;

/** Watches memory from now until `stop()`. */
export class PeakRss {
  readonly #maxRssBefore = process.resourceUsage().maxRSS;
  #peak = process.memoryUsage.rss();
  readonly #timer: NodeJS.Timeout;

  constructor() {
    this.#timer = setInterval(() => {
      this.#peak = Math.max(this.#peak, process.memoryUsage.rss());
    }, SAMPLE_MS);
    this.#timer.unref();
  }

  /** Stops watching (again: no effect); the peak in MiB. */
  stop(): number {
    clearInterval(this.#timer);
    const peak = Math.max(this.#peak, process.memoryUsage.rss());
    // maxRSS (KiB) only ever grows: if it grew during the span, the span holds the exact peak.
    const maxRss = process.resourceUsage().maxRSS;
    const exact = maxRss > this.#maxRssBefore ? maxRss * 1024 : 0;
    return Math.round(Math.max(peak, exact) / MIB);
  }
}
