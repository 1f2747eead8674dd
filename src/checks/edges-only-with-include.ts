import type { Check } from "./check.js";
import { requestView } from "./request-view.js";
import { failure } from "./support/failure.js";
import { arrayAt } from "./support/json.js";
import { entityData } from "./support/response.js";

/** `edges.only_with_include`: without `include`, `data.edges` is empty (Endpoints / GET /entities/{id}). */
export const edgesOnlyWithInclude: Check = {
  id: "edges.only_with_include",
  section: "Endpoints / GET /entities/{id}",
  sentence:
    "Without `include`, no edges are returned (`active_predicates` still lists relations and counts).",
  level: "fail",
  appliesTo: (x) => entityData(x) !== undefined && requestView(x).include.length === 0,
  run(x) {
    const edges = arrayAt(entityData(x), "edges");
    if (!edges || edges.length === 0) return [];
    return [
      failure(edgesOnlyWithInclude, {
        title: `${edges.length} edge(s) returned without include`,
        pointer: "/data/edges",
        expected: "[] (no include was sent)",
        received: `${edges.length} edges`,
      }),
    ];
  },
};
