/**
 * Execution segments (`cbcheck load --segment I/N`): the I-th of N equal parts of a load run, so that N
 * processes on N machines together send what one process would. The arithmetic is k6's for a sequence of
 * equal segments (lib/execution_segment.go, the striped offsets of the sequence `0,1/N,…,1`): the run's
 * numbered things — open-model send slots, calls of a burst, connections — are dealt out in turn, thing j to
 * segment (j mod N) + 1. So a count divides exactly (the parts add up to it), each part is within one of its
 * share, the remainder goes to the lowest segments, and the parts' slots together are the whole run's.
 */
import { HarnessError } from "../errors.js";

/** One of `count` equal parts of a run, 1-based like `run --shard`: `--segment 2/4`. */
export interface Segment {
  readonly index: number;
  readonly count: number;
}

/** The whole run: one process, no segment. */
export const WHOLE_RUN: Segment = Object.freeze({ index: 1, count: 1 });

/** Most segments a run may be split into (a bound on the flag, far past any cluster's use). */
export const MAX_SEGMENTS = 1000;

/** Parses `I/N` with 1 ≤ I ≤ N ≤ MAX_SEGMENTS; anything else is `CB_USAGE` naming the flag. */
export function parseSegment(text: string, flag = "--segment"): Segment {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || count > MAX_SEGMENTS || index < 1 || index > count) {
    throw new HarnessError(
      "CB_USAGE",
      `${flag} must be I/N with 1 <= I <= N <= ${MAX_SEGMENTS} (segment I of N equal parts), got "${text}"`,
    );
  }
  return { index, count };
}

/** `I/N`, as the flag takes it. */
export function segmentLabel(segment: Segment): string {
  return `${segment.index}/${segment.count}`;
}

/** Whether the segment is the whole run. */
export function isWholeRun(segment: Segment): boolean {
  return segment.count === 1;
}

/**
 * This segment's part of a whole count (connections, calls): how many of the things numbered 0 … total − 1
 * fall to it when thing j goes to segment (j mod N) + 1 — ⌊total / N⌋, plus one for the first total mod N
 * segments (k6's `ScaleInt64` on equal segments).
 */
export function partOf(total: number, segment: Segment): number {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`not a count: ${total}`);
  const { index, count } = segment;
  return Math.floor(total / count) + (index - 1 < total % count ? 1 : 0);
}

/** This segment's share of a quantity that needs no rounding (a rate, a throughput): value / N. */
export function shareOf(value: number, segment: Segment): number {
  return value / segment.count;
}

/** The run's number of this segment's `local`-th slot (0-based): slot j of the run is segment (j mod N) + 1's. */
export function globalSlot(local: number, segment: Segment): number {
  return segment.index - 1 + local * segment.count;
}

/** The segment (1-based) that owns slot `slot` of a run split in `count`. */
export function segmentOfSlot(slot: number, count: number): number {
  return (slot % count) + 1;
}

/**
 * Open model: slots of the whole run are 1 / rate apart (rate = this segment's rate × N); this segment's
 * first slot is its index − 1 slots after the start, in milliseconds.
 */
export function firstSlotDelayMs(segmentRate: number, segment: Segment): number {
  return ((segment.index - 1) * 1000) / (segmentRate * segment.count);
}

/** Open model: the run's slots due before `seconds` at `wholeRate` (slot j is due at j / rate) in this segment. */
export function slotsDue(wholeRate: number, seconds: number, segment: Segment): number {
  return partOf(Math.max(0, Math.ceil(wholeRate * seconds - 1e-9)), segment);
}
