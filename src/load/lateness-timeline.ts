/**
 * How late the harness may have seen an event at each moment of a phase, not only over the whole of it
 * (issue 22 §1). A phase's p99 timer delay is set by its worst moments (a collection of garbage, a 2 MiB body
 * built): shrinking every span by it made a quiet machine's 8 batches in flight at once look like 6 or 7, and
 * `cbcheck load` inconclusive in one run of three. The timeline records the longest hold-up of each short slice
 * of the phase, so that an overlap is discounted by the lateness of its own moment; a starved stretch still
 * discounts its own spans by all of its hold-up.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";

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
 * The longest hold-up of a slice: the delay monitor's longest sample (`sampledMs`, its resolution off), or
 * how late the slice's own timer came (`lengthMs` past SLICE_MS), whichever is longer. The monitor's
 * reset at each cut also forgets when it last sampled, so a hold-up that ends after a cut fell due but before
 * the monitor's next sample is in neither slice's samples (a 15 ms figure for an 80 ms hold-up was seen on a
 * busy machine): the cut, late by about as much, still holds it (within the monitor's resolution).
 */
export function sliceHoldUpMs(sampledMs: number, resolutionMs: number, lengthMs: number): number {
  return Math.max(0, sampledMs - resolutionMs, lengthMs - SLICE_MS);
}

/**
 * Records the event-loop delay of this process slice by slice while a phase runs (`stop` ends it). Sampled by
 * Node's own histogram at `resolutionMs`; a slice's longest delay less the resolution is its lateness.
 */
export class LatenessRecorder {
  private readonly delay;
  private readonly slices: LatenessSlice[] = [];
  private readonly timer: NodeJS.Timeout;
  private from = performance.now();

  constructor(
    private readonly resolutionMs: number,
    /** A bound on the slices kept: past it, the last slice grows to the end of the phase (coarser, still sound). */
    private readonly maxSlices = 20_000,
  ) {
    this.delay = monitorEventLoopDelay({ resolution: resolutionMs });
    this.delay.enable();
    this.timer = setInterval(() => this.cut(), SLICE_MS);
    this.timer.unref();
  }

  private cut(): void {
    const to = performance.now();
    const sampledMs = this.delay.count > 0 ? this.delay.max / 1e6 : 0;
    const maxMs = sliceHoldUpMs(sampledMs, this.resolutionMs, to - this.from);
    const last = this.slices.at(-1);
    if (last && this.slices.length >= this.maxSlices) {
      last.to = to;
      last.maxMs = Math.max(last.maxMs, maxMs);
    } else this.slices.push({ from: this.from, to, maxMs });
    this.delay.reset();
    this.from = to;
  }

  /** Ends the recording: the phase's timeline, with `horizonMs` its longest hold-up and `outsideMs` its p99. */
  stop(horizonMs: number, outsideMs: number): LatenessAt {
    clearInterval(this.timer);
    this.cut();
    this.delay.disable();
    return latenessTimeline(this.slices, horizonMs, outsideMs);
  }
}
