/**
 * What a burst actually put to the target, measured on its own responses (issue 22 §1): a verdict about a
 * window or about concurrency holds only when its condition happened. A starved harness may spread a burst
 * over several windows or keep fewer requests in flight than it meant to, and then a target that leaks under
 * concurrency looks sound. Each figure is bounded by what the timings prove: a request reached the target
 * somewhere between its send and its answer, never outside.
 */
import type { LatenessAt } from "./lateness-timeline.js";

/** The part of a response event these measures read (load driver times, `performance.now()` ms). */
export interface Span {
  status: number;
  sentAt: number;
  endedAt: number;
}

const is2xx = (s: Span) => s.status >= 200 && s.status < 300;

/** Most requests in flight at once: sent and not yet answered (an answer at the same instant ends first). */
export function maxInFlight(spans: readonly Span[]): number {
  const edges = spans.flatMap((s) => [
    { at: s.sentAt, delta: 1 },
    { at: s.endedAt, delta: -1 },
  ]);
  edges.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let now = 0;
  let most = 0;
  for (const e of edges) {
    now += e.delta;
    most = Math.max(most, now);
  }
  return most;
}

/**
 * Most requests that certainly reached the target within one window of `windowMs`: the whole of each span,
 * from send to answer, inside one window. Whatever the delays, the target saw them all inside it.
 */
export function mostCertainlyWithin(spans: readonly Span[], windowMs: number): number {
  const sorted = [...spans].sort((a, b) => a.sentAt - b.sentAt);
  let most = 0;
  for (let lo = 0; lo < sorted.length; lo++) {
    const end = sorted[lo].sentAt + windowMs;
    let n = 0;
    for (let i = lo; i < sorted.length && sorted[i].sentAt < end; i++) if (sorted[i].endedAt < end) n++;
    most = Math.max(most, n);
  }
  return most;
}

/**
 * Most requests that may have reached the target within one window of `windowMs`: their spans all meet one
 * window. No window of the target can have held more of them than this.
 */
export function mostPossiblyWithin(spans: readonly Span[], windowMs: number): number {
  const sorted = [...spans].sort((a, b) => a.endedAt - b.endedAt);
  let most = 0;
  for (let lo = 0; lo < sorted.length; lo++) {
    // A window [t, t + windowMs) that starts at this span's answer: every span answered later meets it when
    // it was sent before the window ends. The best window starts at some span's answer.
    const start = sorted[lo].endedAt;
    let n = 0;
    for (let i = lo; i < sorted.length; i++) if (sorted[i].sentAt < start + windowMs) n++;
    most = Math.max(most, n);
  }
  return most;
}

/**
 * Most requests certainly in flight at the target at once, when the harness may have seen each send and
 * answer up to `late` ms late (its event loop held up; a figure for the whole burst, or each moment's own from
 * a `LatenessAt` timeline): the target had a request between its send and its answer, and certainly only from
 * the send's lateness after the send to the answer's lateness before the answer. On a starved machine calls
 * the harness sent at once may reach a target one by one (a target on the same machine waits for the same
 * cores), so their overlap counts only where it is longer than the harness's own lateness.
 */
export function certainInFlight(spans: readonly Span[], late: number | LatenessAt): number {
  const at: LatenessAt = typeof late === "number" ? () => late : late;
  if (typeof late === "number" && late <= 0) return maxInFlight(spans);
  const shrunk = spans
    .map((s) => ({ ...s, sentAt: s.sentAt + at(s.sentAt), endedAt: s.endedAt - at(s.endedAt) }))
    .filter((s) => s.endedAt > s.sentAt);
  return maxInFlight(shrunk);
}

/** A harness lateness (ms, p99 of its timers) as the in-flight measures take it: whole, never negative. */
export function harnessLateMs(delayMs = 0): number {
  return Math.max(0, Math.round(delayMs));
}

/**
 * What overlaps are discounted by: each moment's lateness from the phase's timeline when the harness fell
 * behind at all (p99 `lateMs` above 0), else `lateMs` itself (0: spans count whole).
 */
export function overlapLateness(lateMs: number, latenessAt?: LatenessAt): number | LatenessAt {
  return latenessAt && lateMs > 0 ? latenessAt : lateMs;
}

/**
 * What an in-flight count says of the lateness it allowed for ("" when the harness kept up): the burst's own
 * figure, or (`byMoment`) each moment's lateness, of which `lateMs` is the p99.
 */
export function overlapNote(lateMs: number, byMoment = false): string {
  if (lateMs <= 0) return "";
  return byMoment
    ? `, counting only overlaps longer than the harness's lateness at their moment (p99 ${lateMs} ms)`
    : `, counting only overlaps longer than the harness's ${lateMs} ms lateness`;
}

/** What one burst reached, in the terms its verdicts need. */
export interface BurstReach {
  /** Requests certainly inside one window (any status): the window was filled past the limit when > limit. */
  offered: number;
  /** Most requests certainly in flight at once at the target (`certainInFlight`). */
  inFlight: number;
  /** How late the harness may have seen sends and answers (ms, p99; 0 when it kept up). */
  lateMs: number;
  /** Whether each overlap was discounted by its own moment's lateness (a timeline) rather than by `lateMs`. */
  lateByMoment?: boolean;
  /** 2xx certainly inside one window: more than the limit is a leak whatever the delays. */
  certain2xx: number;
  /** 2xx that may have shared one window: at most the limit proves the window held. */
  possible2xx: number;
}

/**
 * Measures a burst against a window of `windowMs`, by a harness that was up to `lateMs` late (p99), or as late
 * as `latenessAt` says at each moment when the phase kept that timeline.
 */
export function burstReach(
  spans: readonly Span[],
  windowMs: number,
  lateMs = 0,
  latenessAt?: LatenessAt,
): BurstReach {
  const ok = spans.filter(is2xx);
  const late = harnessLateMs(lateMs);
  const discount = overlapLateness(late, latenessAt);
  return {
    offered: mostCertainlyWithin(spans, windowMs),
    inFlight: certainInFlight(spans, discount),
    lateMs: late,
    ...(typeof discount === "function" ? { lateByMoment: true } : {}),
    certain2xx: mostCertainlyWithin(ok, windowMs),
    possible2xx: mostPossiblyWithin(ok, windowMs),
  };
}
