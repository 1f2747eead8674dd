import type { Check } from "./check.js";
import { requestView } from "./request-view.js";
import { instant } from "./support/date-time.js";
import { failure } from "./support/failure.js";
import { show } from "./support/json.js";
import { isEntityRead, okEnvelope } from "./support/response.js";

/** A target that keeps whole seconds may round the requested time: less than a second later passes. */
const ROUNDING_MS = 1000;

/**
 * `envelope.as_of_not_after_requested`: an entity read that names `as_of` is answered with data as of that
 * time or earlier. The contract gives the request `as_of` no words beyond its type, so this reads it by its
 * name (the snapshot asked for): a later envelope `as_of` (data newer than asked) is a warning. An earlier
 * or equal one (the snapshot in force at that time) passes.
 */
export const envelopeAsOfNotAfterRequested: Check = {
  id: "envelope.as_of_not_after_requested",
  section: "Endpoints / GET /entities/{id}; POST /entities/batch",
  sentence: "`as_of` | query | string, date-time | optional",
  level: "warn",
  appliesTo: (x) =>
    isEntityRead(x) &&
    okEnvelope(x) !== undefined &&
    instant(requestView(x).asOf) !== undefined &&
    instant(okEnvelope(x)?.as_of) !== undefined,
  run(x) {
    const askedText = requestView(x).asOf;
    const asked = instant(askedText);
    const got = okEnvelope(x)?.as_of;
    const answered = instant(got);
    if (asked === undefined || answered === undefined || answered < asked + ROUNDING_MS) return [];
    return [
      failure(envelopeAsOfNotAfterRequested, {
        title: "as_of is later than the as_of requested: data newer than the snapshot asked for",
        pointer: "/as_of",
        expected: `at or before ${show(askedText)}`,
        received: show(got),
        severity: "warning",
      }),
    ];
  },
};
