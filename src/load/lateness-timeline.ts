/**
 * How late the harness may have seen an event at each moment of a phase, not only over the whole of it
 * (issue 22 §1). A phase's p99 timer delay is set by its worst moments (a collection of garbage, a 2 MiB body
 * built): shrinking every span by it made a quiet machine's 8 batches in flight at once look like 6 or 7, and
 * `cbcheck load` inconclusive in one run of three. The timeline records the longest hold-up of each short slice
 * of the phase, so that an overlap is discounted by the lateness of its own moment; a starved stretch still
 * discounts its own spans by all of its hold-up.
 */

/** How late (ms) the harness may have seen an event that it timed at `t` (`performance.now()` ms). */
export type LatenessAt = (t: number) => number;

/** One stretch of a phase and the longest its timers were held up in it (ms, the sampling resolution off). */
export interface LatenessSlice {
  from: number;
  to: number;
  maxMs: number;
}

/**
 * The lateness of a moment from the slices: a hold-up that delayed an event timed at `t` ended at `t` or
 * later, and no later than the longest hold-up seen (`horizonMs`), so it was recorded by a slice meeting
 * `[t, t + horizonMs]`: the largest of those is the moment's lateness. Outside the slices: `outsideMs`.
 */
export function latenessTimeline(
  slices: readonly LatenessSlice[],
  horizonMs: number,
  outsideMs: number,
): LatenessAt {
  return (t) => {
    if (slices.length === 0 || t < slices[0].from || t > slices[slices.length - 1].to) return outsideMs;
    let lo = 0;
    let hi = slices.length - 1;
    // The first slice that ends at or after t.
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (slices[mid].to < t) lo = mid + 1;
      else hi = mid;
    }
    let most = 0;
    for (let i = lo; i < slices.length && slices[i].from <= t + horizonMs; i++)
      most = Math.max(most, slices[i].maxMs);
    return most;
  };
}

/** Slices of this length: short enough that a hold-up leaves the rest of the phase's moments undiscounted. */
export const SLICE_MS = 25;

/**
 * Cuts a phase into slices from the ticks of a sampler due every `resolutionMs`: a tick that comes `d` ms after
 * the previous one shows a hold-up of `d - resolutionMs`, recorded in the slice where it ended (where the
 * timeline looks for it). Every tick measures from the one before, whatever slice that was in, so no hold-up
 * falls between two slices. (Node's delay monitor, reset at each cut, forgot its last sample: a hold-up that
 * began after a cut and before the monitor's next sample was in no slice; an 80 ms one read as 15 and 58 ms.)
 */
export class SliceSampler {
  readonly slices: LatenessSlice[] = [];
  private from: number;
  private last: number;
  private maxMs = 0;

  constructor(
    private readonly resolutionMs: number,
    start: number,
    /** A bound on the slices kept: past it, the last slice grows to the end of the phase (coarser, still sound). */
    private readonly maxSlices = 20_000,
  ) {
    this.from = start;
    this.last = start;
  }

  /** A tick of the sampler at `now` (ms); `end` closes the slice whatever its length (the phase is over). */
  tick(now: number, end = false): void {
    this.maxMs = Math.max(this.maxMs, now - this.last - this.resolutionMs);
    this.last = now;
    if (now - this.from < SLICE_MS && !end) return;
    const last = this.slices.at(-1);
    if (last && this.slices.length >= this.maxSlices) {
      last.to = now;
      last.maxMs = Math.max(last.maxMs, this.maxMs);
    } else this.slices.push({ from: this.from, to: now, maxMs: this.maxMs });
    this.from = now;
    this.maxMs = 0;
  }

  /** The longest a hold-up of the slices can have been (their figures have the resolution off). */
  get longestMs(): number {
    return this.slices.reduce((most, s) => Math.max(most, s.maxMs), 0) + this.resolutionMs;
  }
}

/**
 * Records the event-loop delay of this process slice by slice while a phase runs (`stop` ends it), from a
 * timer of its own due every `resolutionMs` (`SliceSampler`).
 */
export class LatenessRecorder {
  private readonly sampler: SliceSampler;
  private readonly timer: NodeJS.Timeout;

  constructor(resolutionMs: number, maxSlices?: number) {
    this.sampler = new SliceSampler(resolutionMs, performance.now(), maxSlices);
    this.timer = setInterval(() => this.sampler.tick(performance.now()), resolutionMs);
    this.timer.unref();
  }

  /** Ends the recording: the phase's timeline, with `horizonMs` its longest hold-up and `outsideMs` its p99. */
  stop(horizonMs: number, outsideMs: number): LatenessAt {
    clearInterval(this.timer);
    this.sampler.tick(performance.now(), true);
    // The caller's monitor may have missed a hold-up at the very start (it records nothing before its second
    // sample); the slices' own longest reaches at least as far.
    return latenessTimeline(this.sampler.slices, Math.max(horizonMs, this.sampler.longestMs), outsideMs);
  }
}
