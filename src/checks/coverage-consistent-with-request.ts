import type { Check, CheckFailure } from "./check.js";
import { requestView } from "./request-view.js";
import { failure } from "./support/failure.js";
import { formMatcher } from "./support/id-form.js";
import { arrayAt, objectAt, pointer, show } from "./support/json.js";
import { isEntityRead, okEnvelope } from "./support/response.js";

/**
 * `coverage.consistent_with_request`: on entity reads `coverage.requested` and `coverage.missing` name only
 * ids that were asked for (Identifiers; Response envelope). An asked-for id absent from `requested` is only
 * a warning: the contract says unknown ids "may be echoed", so echoing is not strictly required. An id that
 * is only a normalised form of an asked id (trimmed, NFC, lower case) is a warning too. Order and repeats
 * are not judged: the contract states neither.
 */
export const coverageConsistentWithRequest: Check = {
  id: "coverage.consistent_with_request",
  section: "Resources and their fields / Identifiers; Response envelope",
  sentence:
    "Unknown input ids are not an error: they are listed in `coverage.missing` (and may be echoed in coverage or traversal seeds).",
  level: "fail or warn",
  appliesTo: (x) => isEntityRead(x) && okEnvelope(x) !== undefined && requestView(x).ids !== undefined,
  run(x) {
    const asked = new Set(requestView(x).ids);
    const isAskedForm = formMatcher(asked);
    const coverage = objectAt(okEnvelope(x), "coverage");
    const out: CheckFailure[] = [];
    for (const key of ["requested", "missing"] as const) {
      (arrayAt(coverage, key) ?? []).forEach((id, i) => {
        if (typeof id !== "string" || asked.has(id)) return;
        const normalised = isAskedForm(id);
        out.push(
          failure(coverageConsistentWithRequest, {
            title: normalised
              ? `coverage.${key} names a normalised form of a requested id, not the id as sent`
              : `coverage.${key} names an id that was not requested`,
            pointer: pointer("coverage", key, i),
            expected: `one of the requested ids ${show([...asked], 80)}`,
            received: show(id),
            ...(normalised ? { severity: "warning" as const } : {}),
          }),
        );
      });
    }
    const requested = new Set(arrayAt(coverage, "requested") ?? []);
    const isRequestedForm = formMatcher(requested);
    const unlisted = [...asked].filter(
      (id) => /^cb:[^:]+:./.test(id) && !requested.has(id) && !isRequestedForm(id),
    );
    if (unlisted.length > 0)
      out.push(
        failure(coverageConsistentWithRequest, {
          title: `${unlisted.length} requested id(s) not listed in coverage.requested`,
          pointer: "/coverage/requested",
          expected: `to contain ${show(unlisted, 80)}`,
          received: show([...requested], 80),
          severity: "warning",
        }),
      );
    return out;
  },
};
