import type { Check } from "./check.js";
import { failure } from "./support/failure.js";
import { isObject, pointer, show } from "./support/json.js";
import { resetsOf, resetTimes, responseDate } from "./support/me-resets.js";
import { header } from "./support/response.js";

/**
 * The farthest a day or month counter's next or last reset can be from now: the longest month, and the slack
 * of `me.day_reset_next_or_last` for the server's clock against its `Date` header.
 */
const MONTH_MS = 31 * 86_400_000 + 15 * 60_000;

/**
 * `me.resets_within_a_month`: every reset time `/me` shows is within a month of the answer's `Date` (Limits
 * rule 4; `/me` "`resets` (when the day and month counters reset, UTC)"): the next or the last reset of a day
 * or a month counter is never further away, whether a month is a calendar month or a billing month that starts
 * on another day. A warning: the field names inside `resets` are not shown, and "when … reset" reads as the next
 * reset or the last.
 */
export const meResetsWithinAMonth: Check = {
  id: "me.resets_within_a_month",
  section: "Limits / Rules 4",
  sentence:
    "4. Day and month counters reset in UTC; `/me` shows used counts, limits and reset times for the credential.",
  level: "warn",
  appliesTo: (x) => isObject(resetsOf(x)) && responseDate(x) !== undefined,
  run(x) {
    const date = responseDate(x);
    if (date === undefined) return [];
    return resetTimes(x).flatMap(({ key, value, ms }) => {
      if (Math.abs(ms - date) <= MONTH_MS) return [];
      return [
        failure(meResetsWithinAMonth, {
          title: `credential.resets.${key} is more than a month ${ms < date ? "ago" : "ahead"}: no day or month counter's next or last reset`,
          pointer: pointer("credential", "resets", key),
          expected: `a date-time within 31 days of the response's Date ${header(x, "date")}`,
          received: show(value),
          severity: "warning",
        }),
      ];
    });
  },
};
