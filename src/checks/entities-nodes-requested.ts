import type { Check, CheckFailure } from "./check.js";
import { requestView } from "./request-view.js";
import { failure } from "./support/failure.js";
import { formMatcher } from "./support/id-form.js";
import { arrayAt, isObject, pointer, show } from "./support/json.js";
import { entityData } from "./support/response.js";

/** Ids at either end of the delivered edges. */
function edgeEnds(edges: unknown[] | undefined): Set<unknown> {
  const ends = new Set<unknown>();
  for (const e of edges ?? []) if (isObject(e)) ends.add(e.src).add(e.dst);
  return ends;
}

/**
 * Whether an id is named anywhere in the read's extensions (a group parent, a subunit's parent, …). The
 * text of the (capped) extensions is built once, on the first node nobody asked for.
 */
function namedInExtensions(data: unknown): (id: string) => boolean {
  const extensions = isObject(data) ? data.extensions : undefined;
  let text: string | undefined;
  return (id) => {
    if (extensions === undefined) return false;
    text ??= JSON.stringify(extensions);
    return text.includes(JSON.stringify(id));
  };
}

/**
 * `entities.nodes_requested`: the nodes of an entity read are the nodes asked for (Endpoints / GET
 * /entities/{id}: payloads "for the node id in the path"; POST /entities/batch: "Same result … for many
 * ids"). A node that is only a normalised form of a requested id, an end of a delivered edge (a reading
 * where neighbours come with their edges: `entities` may hold up to 100 nodes for one id), or a node the
 * extensions name, is a warning; any other node is an error.
 */
export const entitiesNodesRequested: Check = {
  id: "entities.nodes_requested",
  section: "Endpoints / GET /entities/{id}; POST /entities/batch",
  sentence: "Returns safe domain payloads for the node id in the path.",
  level: "fail or warn",
  appliesTo: (x) => entityData(x) !== undefined && requestView(x).ids !== undefined,
  run(x) {
    const asked = new Set(requestView(x).ids);
    const isAskedForm = formMatcher(asked);
    const data = entityData(x);
    const ends = edgeEnds(arrayAt(data, "edges"));
    const named = namedInExtensions(data);
    const out: CheckFailure[] = [];
    (arrayAt(data, "entities") ?? []).forEach((node, i) => {
      if (!isObject(node) || typeof node.id !== "string" || asked.has(node.id)) return;
      const normalised = isAskedForm(node.id);
      const neighbour = ends.has(node.id) || named(node.id);
      out.push(
        failure(entitiesNodesRequested, {
          title: normalised
            ? "a node's id is a normalised form of a requested id, not the id as sent"
            : neighbour
              ? "a node that was not requested is delivered (an end of a delivered edge or named by an extension)"
              : "a node that was not requested is delivered",
          pointer: pointer("data", "entities", i, "id"),
          expected: `one of the requested ids ${show([...asked], 80)}`,
          received: show(node.id),
          ...(normalised || neighbour ? { severity: "warning" as const } : {}),
        }),
      );
    });
    return out.slice(0, 5);
  },
};
