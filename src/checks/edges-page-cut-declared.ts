import type { Check, CheckFailure } from "./check.js";
import { requestView } from "./request-view.js";
import { failure } from "./support/failure.js";
import { arrayAt, isObject, pointer } from "./support/json.js";
import { entityData, okEnvelope } from "./support/response.js";

/**
 * `edges.page_cut_declared`: on the first edge page (no `cursor` sent) of a read with `include`, a node
 * whose `active_predicates` counts more relations of an included predicate than edges of it touching the
 * node were delivered was cut, so the envelope must say so (`truncated` true or a `cursor`). The count is
 * a lower bound in every reading of `active_predicates` (outgoing, incoming or both): every delivered edge
 * touching the node is one of its relations. Later pages are not judged: earlier pages hold the rest.
 */
export const edgesPageCutDeclared: Check = {
  id: "edges.page_cut_declared",
  section: "Endpoints / GET /entities/{id}",
  sentence:
    'Names predicates whose edges are returned; `["*"]` means all. Edges are a bounded page. (with `truncated`: true when output was cut)',
  level: "fail",
  appliesTo: (x) => {
    const view = requestView(x);
    return entityData(x) !== undefined && view.include.length > 0 && view.cursor == null;
  },
  run(x) {
    const env = okEnvelope(x);
    if (env?.truncated === true || (env?.cursor !== null && env?.cursor !== undefined)) return [];
    const include = requestView(x).include;
    const all = include.includes("*");
    const data = entityData(x);
    const edges = (arrayAt(data, "edges") ?? []).filter(isObject);
    const out: CheckFailure[] = [];
    (arrayAt(data, "entities") ?? []).forEach((node, i) => {
      if (!isObject(node) || typeof node.id !== "string" || !isObject(node.active_predicates)) return;
      for (const [predicate, count] of Object.entries(node.active_predicates)) {
        if (typeof count !== "number" || count <= 0 || !(all || include.includes(predicate))) continue;
        const delivered = edges.filter(
          (e) => e.predicate === predicate && (e.src === node.id || e.dst === node.id),
        ).length;
        if (delivered >= count) continue;
        out.push(
          failure(edgesPageCutDeclared, {
            title: `${predicate} edges of ${node.id} were cut without truncated or cursor`,
            pointer: pointer("data", "entities", i, "active_predicates", predicate),
            expected: `${count} ${predicate} edge(s) touching the node, or truncated true / a cursor`,
            received: `${delivered} delivered, truncated false, cursor null`,
          }),
        );
        return; // one finding per node is enough to locate the cut
      }
    });
    return out;
  },
};
