import type { Check } from "./check.js";
import { failure } from "./support/failure.js";
import { show } from "./support/json.js";
import { header } from "./support/response.js";

/** `rate.retry_after_on_429`: a 429 carries `Retry-After` as whole seconds >= 1 (Errors table). */
export const rateRetryAfterOn429: Check = {
  id: "rate.retry_after_on_429",
  section: "Errors",
  sentence:
    "429 | Shared account volume or expense limit reached; header `Retry-After` (seconds) | `volume_limit`, `expense_limit` | Wait at least `Retry-After` seconds, then continue",
  level: "fail",
  appliesTo: (x) => x.response?.status === 429,
  run(x) {
    const value = header(x, "retry-after");
    const at = "/headers/retry-after";
    if (value === undefined)
      return [
        failure(rateRetryAfterOn429, {
          title: "429 without Retry-After",
          pointer: at,
          expected: "whole seconds >= 1",
          received: "(absent)",
        }),
      ];
    const text = value.trim();
    if (/^\d+$/.test(text) && Number(text) >= 1) return [];
    return [
      failure(rateRetryAfterOn429, {
        title: "Retry-After is not whole seconds >= 1",
        pointer: at,
        expected: "an integer number of seconds >= 1",
        received: show(value),
      }),
    ];
  },
};
