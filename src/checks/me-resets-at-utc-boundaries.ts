import type { Check, CheckFailure } from "./check.js";
import { failure } from "./support/failure.js";
import { isObject, pointer, show } from "./support/json.js";
import { resetsOf, resetTimes } from "./support/me-resets.js";

const DAY_MS = 86_400_000;

/**
 * `me.resets_at_utc_boundaries`: the reset times `/me` shows fall on a UTC day boundary (Limits rule 4: "Day
 * and month counters reset in UTC"). Field names inside `resets` are not shown, so every date-time in it is
 * judged (a month boundary is a day boundary too); other values are not read. A warning: "reset in UTC" is
 * read as "at 00:00 UTC".
 */
export const meResetsAtUtcBoundaries: Check = {
  id: "me.resets_at_utc_boundaries",
  section: "Limits / Rules 4",
  sentence:
    "4. Day and month counters reset in UTC; `/me` shows used counts, limits and reset times for the credential.",
  level: "warn",
  appliesTo: (x) => isObject(resetsOf(x)),
  run(x) {
    const out: CheckFailure[] = [];
    for (const { key, value, ms } of resetTimes(x)) {
      if (ms % DAY_MS === 0) continue;
      out.push(
        failure(meResetsAtUtcBoundaries, {
          title: `credential.resets.${key} is not at 00:00 UTC`,
          pointer: pointer("credential", "resets", key),
          expected: "a date-time at a UTC day boundary (00:00:00Z)",
          received: show(value),
          severity: "warning",
        }),
      );
    }
    return out;
  },
};
