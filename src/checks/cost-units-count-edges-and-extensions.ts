import type { Check } from "./check.js";
import { failure } from "./support/failure.js";
import { arrayAt, isObject, objectAt, show } from "./support/json.js";
import { entityData, okEnvelope } from "./support/response.js";

/** Whether any extension delivered a row: a non-empty list or an object for some organisation. */
function hasExtensionRow(extensions: Record<string, unknown> | undefined): boolean {
  for (const perOrg of Object.values(extensions ?? {})) {
    if (!isObject(perOrg)) continue;
    for (const value of Object.values(perOrg))
      if (Array.isArray(value) ? value.length > 0 : isObject(value)) return true;
  }
  return false;
}

/**
 * `cost.units_count_edges_and_extensions`: `cost.units` of a basic entity read (records, by `unit_type`)
 * counts the delivered edges and the extensions (Limits rule 1: "Extensions and edges count as records"). How
 * many records an extension or a node is, is not shown, so the least the sentence allows is judged: one unit
 * per edge, plus one when any extension row was delivered. A warning: that `units` is this count is a reading.
 */
export const costUnitsCountEdgesAndExtensions: Check = {
  id: "cost.units_count_edges_and_extensions",
  section: "Limits / Rules 1",
  sentence: "1. Extensions and edges count as records.",
  level: "warn",
  appliesTo: (x) => {
    const cost = objectAt(okEnvelope(x), "cost");
    return arrayAt(entityData(x), "edges") !== undefined && typeof cost?.units === "number";
  },
  run(x) {
    const data = entityData(x);
    const units = objectAt(okEnvelope(x), "cost")?.units as number;
    const edges = arrayAt(data, "edges")?.length ?? 0;
    const extension = hasExtensionRow(objectAt(data, "extensions")) ? 1 : 0;
    if (units >= edges + extension) return [];
    return [
      failure(costUnitsCountEdgesAndExtensions, {
        title: "cost.units counts fewer records than the edges and extensions delivered",
        pointer: "/cost/units",
        expected: `at least ${edges + extension} (${edges} edge(s)${extension ? " and an extension" : ""})`,
        received: show(units),
        severity: "warning",
      }),
    ];
  },
};
