/**
 * A profile's part in one segment of a run (`--segment I/N`, `segment.ts`): what this process must send so
 * that N processes together send what one would. Rates (the open model's, after pacing under the declared
 * limit) divide by N, so the N segments together offer at most the share of the per-key limit one process
 * would; counts — connections, call caps, a burst — divide exactly with k6's remainders; a throughput budget
 * is the segment's share (its report judges its part; `load --merge` judges the whole on the whole budget).
 */
import { HarnessError } from "../errors.js";
import { pacedRate } from "./pacing.js";
import type { LoadProfile, RateLimitExpectation } from "./profile.js";
import { burstSize, expectedRateLimit } from "./run-profile.js";
import { isWholeRun, partOf, type Segment, segmentLabel, shareOf } from "./segment.js";

/**
 * A count every segment must get at least one of, or the run cannot be split so (CB_USAGE, in every segment
 * alike, not only in the ones left empty).
 */
function partAtLeastOne(total: number, what: string, profile: LoadProfile, segment: Segment): number {
  if (total >= segment.count) return partOf(total, segment);
  throw new HarnessError(
    "CB_USAGE",
    `--segment ${segmentLabel(segment)}: profile ${profile.name} has ${what} ${total}, fewer than ${segment.count} segments ` +
      `(split it in at most ${total}, or raise its ${what})`,
  );
}

/**
 * The profile as segment `segment` runs it against a target declared to enforce `declaredLimit`; the whole
 * profile for the whole run. Throws CB_USAGE when a count it must divide (closed-model connections, a call
 * cap, an amount) is smaller than N.
 */
export function segmentProfile(
  profile: LoadProfile,
  segment: Segment,
  declaredLimit?: RateLimitExpectation,
): LoadProfile {
  if (isWholeRun(segment)) return profile;
  const isBurst = profile.scenario === "rate-limit";
  const rate = isBurst ? undefined : pacedRate(profile.rate, declaredLimit);
  const part: LoadProfile = { ...profile };
  // The open model's load is its rate; connections only carry it, so each segment keeps at least one.
  part.connections =
    rate === undefined
      ? partAtLeastOne(profile.connections, "connections", profile, segment)
      : Math.max(1, partOf(profile.connections, segment));
  if (rate !== undefined) part.rate = shareOf(rate, segment);
  if (profile.amount !== undefined) part.amount = partAtLeastOne(profile.amount, "amount", profile, segment);
  if (profile.caps?.maxCalls !== undefined) {
    part.caps = {
      ...profile.caps,
      maxCalls: partAtLeastOne(profile.caps.maxCalls, "caps.maxCalls", profile, segment),
    };
  }
  const min = profile.budgets?.minThroughput;
  if (min !== undefined) part.budgets = { ...profile.budgets, minThroughput: shareOf(min, segment) };
  if (isBurst) {
    // The whole burst, divided: all segments together send the burst one process would.
    const limit = expectedRateLimit(profile, false, declaredLimit);
    const burst = partAtLeastOne(burstSize(limit, profile), "a burst of", profile, segment);
    part.rateLimit = { ...(profile.rateLimit ?? { calls: 120, windowSeconds: 60 }), burst };
  }
  return part;
}
