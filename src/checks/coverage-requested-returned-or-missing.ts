import type { Check, CheckFailure } from "./check.js";
import { requestView } from "./request-view.js";
import { failure } from "./support/failure.js";
import { formMatcher } from "./support/id-form.js";
import { arrayAt, isObject, objectAt, show } from "./support/json.js";
import { entityData, okEnvelope } from "./support/response.js";

/**
 * `coverage.requested_returned_or_missing`: every requested node id comes back as a node or is listed in
 * `coverage.missing`, never both (Endpoints / GET /entities/{id}; Errors). Not judged when the output was
 * cut (`truncated` true or a cursor given), because a cut page may leave ids for the next call. A requested
 * id is accounted for by a node or a `missing` entry in its normalised form too (a target may normalise ids).
 */
export const coverageRequestedReturnedOrMissing: Check = {
  id: "coverage.requested_returned_or_missing",
  section: "Endpoints / GET /entities/{id}; Errors",
  sentence: "Ids that do not exist appear in `coverage.missing`, not as an error.",
  level: "fail",
  appliesTo: (x) => entityData(x) !== undefined && requestView(x).ids !== undefined,
  run(x) {
    const env = okEnvelope(x);
    const returned = new Set<unknown>();
    for (const node of arrayAt(entityData(x), "entities") ?? []) if (isObject(node)) returned.add(node.id);
    const missing = new Set(arrayAt(objectAt(env, "coverage"), "missing") ?? []);
    const out: CheckFailure[] = [];
    const both = [...missing].filter((id) => returned.has(id));
    if (both.length > 0)
      out.push(
        failure(coverageRequestedReturnedOrMissing, {
          title: "an id is both returned and listed in coverage.missing",
          pointer: "/coverage/missing",
          expected: "missing ids only",
          received: show(both, 80),
        }),
      );
    const cut = env?.truncated === true || (env?.cursor !== null && env?.cursor !== undefined);
    if (cut) return out;
    const ids = (requestView(x).ids ?? []).filter((id) => /^cb:[^:]+:./.test(id));
    const isSeenForm = formMatcher(returned, missing);
    const lost = [...new Set(ids)].filter((id) => !returned.has(id) && !missing.has(id) && !isSeenForm(id));
    if (lost.length > 0)
      out.push(
        failure(coverageRequestedReturnedOrMissing, {
          title: `${lost.length} requested id(s) neither returned nor listed in coverage.missing`,
          pointer: "/coverage/missing",
          expected: `to contain ${show(lost, 80)} (or the nodes in /data/entities)`,
          received: show([...missing], 80),
        }),
      );
    return out;
  },
};
