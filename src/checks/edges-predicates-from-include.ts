import type { Check, CheckFailure } from "./check.js";
import { requestView } from "./request-view.js";
import { failure } from "./support/failure.js";
import { arrayAt, isObject, pointer, show } from "./support/json.js";
import { entityData } from "./support/response.js";

/** `edges.predicates_from_include`: returned edges have a predicate named in `include`, unless `["*"]`. */
export const edgesPredicatesFromInclude: Check = {
  id: "edges.predicates_from_include",
  section: "Endpoints / GET /entities/{id}",
  sentence: 'Names predicates whose edges are returned; `["*"]` means all.',
  level: "fail",
  appliesTo: (x) =>
    entityData(x) !== undefined && requestView(x).include.length > 0 && !requestView(x).include.includes("*"),
  run(x) {
    const include = new Set(requestView(x).include);
    const out: CheckFailure[] = [];
    (arrayAt(entityData(x), "edges") ?? []).forEach((edge, i) => {
      if (!isObject(edge) || typeof edge.predicate !== "string" || include.has(edge.predicate)) return;
      out.push(
        failure(edgesPredicatesFromInclude, {
          title: "edge predicate was not named in include",
          pointer: pointer("data", "edges", i, "predicate"),
          expected: `one of ${show([...include], 80)}`,
          received: show(edge.predicate),
        }),
      );
    });
    return out;
  },
};
