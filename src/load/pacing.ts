/**
 * Profiles pace themselves under the limit the target is declared to enforce (`--expect-rate-limit`): a
 * conforming server may answer 429 `volume_limit` at any moment it is over its limit (Errors: "429 | Shared
 * account volume or expense limit reached"), so outside the `rate-limit` profile a well-formed 429 is an
 * allowed answer, reported as the throttled share, never a failure.
 */
import { LOAD } from "../verdicts/load.js";
import type { Budgets, RateLimitExpectation } from "./profile.js";
import type { PhaseResult } from "./run-phase.js";
import type { Tallies } from "./tallies.js";

/** Share of the declared limit a profile offers: a margin for clock skew and window edges. */
export const PACE_SHARE = 0.9;
/** Share of the paced rate a throughput budget may ask for when the pace is below the budget. */
const THROUGHPUT_SHARE = 0.8;

/** The rate to offer: the profile's, at most `PACE_SHARE` of the declared limit; undefined = unpaced. */
export function pacedRate(
  rate: number | undefined,
  limit: RateLimitExpectation | undefined,
): number | undefined {
  if (!limit) return rate;
  const ceiling = (limit.calls / limit.windowSeconds) * PACE_SHARE;
  return rate === undefined ? ceiling : Math.min(rate, ceiling);
}

/** Budgets with a minimum throughput the paced rate can reach (a limit the target enforces wins). */
export function pacedBudgets(budgets: Budgets | undefined, rate: number | undefined): Budgets | undefined {
  const min = budgets?.minThroughput;
  if (min === undefined || rate === undefined || min <= rate * THROUGHPUT_SHARE) return budgets;
  return { ...budgets, minThroughput: rate * THROUGHPUT_SHARE };
}

/** Adds the throttled share to the profile's throttling row (when any 429 was allowed). */
export function noteThrottled(phase: PhaseResult, tallies: Tallies): void {
  if (phase.throttled === 0) return;
  const share = ((phase.throttled / Math.max(1, phase.drive.responses)) * 100).toFixed(1);
  tallies.get(LOAD.throttledWellFormed).message =
    `${phase.throttled} of ${phase.drive.responses} responses (${share} %) were throttled with 429: ` +
    "allowed (the offered rate went over the target's limit), not judged against the profile's expectations";
}
