import type { Check } from "./check.js";
import { failure } from "./support/failure.js";
import { isObject, show } from "./support/json.js";
import { resetsOf, resetTimes, responseDate } from "./support/me-resets.js";
import { header } from "./support/response.js";

const DAY_MS = 86_400_000;

/**
 * How far the server's clock, when it computed `resets`, may be from its `Date` header (which has whole
 * seconds): a slow answer, a clock that a test harness skips ahead. Only near 00:00 UTC does it widen what passes.
 */
const SLACK_MS = 15 * 60_000;

/** The UTC midnights that are the last or the next one at some instant within the slack around `at`. */
function midnightsNear(at: number): Set<number> {
  const out = new Set<number>();
  for (const t of [at - SLACK_MS, at, at + SLACK_MS]) {
    const last = t - (((t % DAY_MS) + DAY_MS) % DAY_MS);
    out.add(last);
    out.add(last + DAY_MS);
  }
  return out;
}

/**
 * `me.day_reset_next_or_last`: one of the reset times `/me` shows is the day counters' reset, the next 00:00 UTC
 * or the last one (Limits rule 4, `/me` "`resets` (when the day and month counters reset, UTC)"), judged against
 * the response's own `Date`. A warning: the field names inside `resets` are not shown, and "when … reset" reads
 * as the next reset or the last; a reset time a day or more in the past or ahead is neither.
 */
export const meDayResetNextOrLast: Check = {
  id: "me.day_reset_next_or_last",
  section: "Limits / Rules 4",
  sentence:
    "4. Day and month counters reset in UTC; `/me` shows used counts, limits and reset times for the credential.",
  level: "warn",
  appliesTo: (x) => isObject(resetsOf(x)) && responseDate(x) !== undefined,
  run(x) {
    const date = responseDate(x);
    if (date === undefined) return [];
    const times = resetTimes(x).map((t) => t.ms);
    const near = midnightsNear(date);
    if (times.length === 0 || times.some((t) => near.has(t))) return [];
    return [
      failure(meDayResetNextOrLast, {
        title: "no reset time in credential.resets is the next or the last 00:00 UTC",
        pointer: "/credential/resets",
        expected: `the day counters' reset: ${new Date(date - (date % DAY_MS) + DAY_MS).toISOString()} (next) or ${new Date(date - (date % DAY_MS)).toISOString()} (last), for the response's Date ${header(x, "date")}`,
        received: show(resetsOf(x)),
        severity: "warning",
      }),
    ];
  },
};
