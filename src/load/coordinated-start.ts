/**
 * Coordinated start (`--start-at <RFC 3339>`, `--start-after <seconds>`): N processes on N machines begin
 * their first profile at one moment, each on its own clock (NTP keeps machines within milliseconds). A
 * process that reaches the moment late — scheduled late, slow to start — starts at once and says by how
 * much: the other segments' load ran without its part for that long.
 */
import type { Clock } from "../clock.js";
import { HarnessError } from "../errors.js";
import { numberIn } from "../option-values.js";

/** Furthest ahead a start may be: every wait is bounded. */
export const MAX_START_WAIT_SECONDS = 3600;

/** A start more than this after the agreed moment is late (the report says so). */
export const LATE_START_MS = 1000;

/** When to start: epoch milliseconds, and the RFC 3339 text the report shows. */
export interface StartPlan {
  at: number;
  text: string;
}

/** How the start went: the agreed moment, the actual one, and how late it was. */
export interface StartOutcome {
  startAt: string;
  startedAt: string;
  lateMs: number;
  isLate: boolean;
}

/** RFC 3339 `date-time`: a full date, a time with seconds, and `Z` or a numeric offset. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * The start of `--start-at TEXT` or `--start-after SECONDS` (not both), read at `now`; undefined for neither.
 * A moment in the past is allowed (the run is late and says so); one past MAX_START_WAIT_SECONDS is refused.
 */
export function resolveStart(
  input: { startAt?: string; startAfter?: number | string },
  now: number,
): StartPlan | undefined {
  if (input.startAt !== undefined && input.startAfter !== undefined) {
    throw new HarnessError("CB_USAGE", "give --start-at or --start-after, not both");
  }
  if (input.startAfter !== undefined) {
    const seconds = numberIn(input.startAfter, "--start-after", 0, MAX_START_WAIT_SECONDS);
    const at = now + seconds * 1000;
    return { at, text: new Date(at).toISOString() };
  }
  if (input.startAt === undefined) return undefined;
  const text = input.startAt.trim();
  const at = Date.parse(text.replace(" ", "T"));
  if (!RFC3339.test(text) || Number.isNaN(at)) {
    throw new HarnessError(
      "CB_USAGE",
      `--start-at must be an RFC 3339 time like 2026-05-04T12:00:00Z, got "${input.startAt}"`,
    );
  }
  if (at - now > MAX_START_WAIT_SECONDS * 1000) {
    throw new HarnessError(
      "CB_USAGE",
      `--start-at ${text} is ${Math.round((at - now) / 1000)} s away; at most ${MAX_START_WAIT_SECONDS} s ahead`,
    );
  }
  return { at, text: new Date(at).toISOString() };
}

/**
 * Waits on `clock` until the plan's moment (at once when it has passed); an abort ends the wait early and
 * resolves undefined (the caller's loop sees its signal and stops).
 */
export async function waitForStart(
  plan: StartPlan,
  clock: Clock,
  signal?: AbortSignal,
): Promise<StartOutcome | undefined> {
  const waitMs = plan.at - clock.now();
  if (waitMs > 0) {
    try {
      await clock.sleep(waitMs, signal);
    } catch (err) {
      if (signal?.aborted) return undefined;
      throw err;
    }
  }
  const startedAt = clock.now();
  const lateMs = Math.max(0, startedAt - plan.at);
  return {
    startAt: plan.text,
    startedAt: new Date(startedAt).toISOString(),
    lateMs,
    isLate: lateMs > LATE_START_MS,
  };
}

/** The report's note for a late start, naming the segment when the run is split. */
export function lateStartNote(outcome: StartOutcome, segmentLabel?: string): string {
  const who = segmentLabel ? `segment ${segmentLabel}` : "this run";
  return (
    `${who} started ${(outcome.lateMs / 1000).toFixed(1)} s after --start-at ${outcome.startAt}` +
    " (late): the other segments' load ran without its part for that long"
  );
}
