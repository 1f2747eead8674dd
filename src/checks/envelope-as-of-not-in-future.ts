import type { Check } from "./check.js";
import { requestView } from "./request-view.js";
import { instant } from "./support/date-time.js";
import { failure } from "./support/failure.js";
import { show } from "./support/json.js";
import { header, okEnvelope } from "./support/response.js";

/** Clock difference allowed between the machine stamping `as_of` and the one stamping `Date`. */
const SKEW_MS = 5 * 60_000;

/** The response's own `Date` header (RFC 9110 §6.6.1), in ms, when it parses. */
function responseDate(x: Parameters<Check["run"]>[0]): number | undefined {
  const text = header(x, "date");
  const ms = text === undefined ? Number.NaN : Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * `envelope.as_of_not_in_future`: when the request names no `as_of`, the envelope `as_of` (the time of the
 * data to "store with the data") is not later than the response itself, read from its `Date` header (the
 * target's own clock, so the harness clock plays no part), with 5 minutes for clocks of different machines.
 * A warning: the contract gives `as_of` a type and no words on its value. Not judged when the request names
 * `as_of` (a future one asked for may be echoed) or when the response has no `Date`.
 */
export const envelopeAsOfNotInFuture: Check = {
  id: "envelope.as_of_not_in_future",
  section: "Resources and their fields / Response envelope",
  sentence: "`as_of` | string, date-time | required; store it with the data",
  level: "warn",
  appliesTo: (x) =>
    okEnvelope(x) !== undefined &&
    requestView(x).asOf === undefined &&
    x.request.query.as_of === undefined &&
    instant(okEnvelope(x)?.as_of) !== undefined &&
    responseDate(x) !== undefined,
  run(x) {
    const got = okEnvelope(x)?.as_of;
    const answered = instant(got);
    const date = responseDate(x);
    if (answered === undefined || date === undefined || answered <= date + SKEW_MS) return [];
    return [
      failure(envelopeAsOfNotInFuture, {
        title: "as_of is later than the response's own Date: data stamped in the future",
        pointer: "/as_of",
        expected: `at or before ${show(header(x, "date"))} (5 minutes allowed for clock skew)`,
        received: show(got),
        severity: "warning",
      }),
    ];
  },
};
