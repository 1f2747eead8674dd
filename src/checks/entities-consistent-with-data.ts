import type { Check, CheckFailure } from "./check.js";
import { failure } from "./support/failure.js";
import { arrayAt, isObject, type JsonObject, objectAt, show } from "./support/json.js";
import { entityData, okEnvelope } from "./support/response.js";

/** Node ids a data response carries: resolve candidates, or entity-read nodes. */
function dataNodeIds(data: unknown): unknown[] {
  const list = Array.isArray(data) ? data : (arrayAt(data, "entities") ?? []);
  return list.filter(isObject).map((n) => n.id);
}

/** Ids an extension names (sub-units, group parents): a server may list them in `entities` too. */
function addExtensionIds(known: Set<unknown>, ext: JsonObject | undefined): void {
  for (const list of Object.values(objectAt(ext, "subunits") ?? {}))
    if (Array.isArray(list)) for (const s of list) if (isObject(s)) known.add(s.id);
  for (const parent of Object.values(objectAt(ext, "group_parent") ?? {}))
    if (isObject(parent)) known.add(parent.id);
}

/**
 * `entities.consistent_with_data`: the envelope's `entities` list names the nodes the response delivers.
 * The contract gives only its type ("array of node id strings, max 200"), not its meaning, so every
 * finding is a warning under the reading "the ids of the delivered nodes (and edge ends)".
 */
export const entitiesConsistentWithData: Check = {
  id: "entities.consistent_with_data",
  section: "Resources and their fields / Response envelope",
  sentence: "`entities` | array of node id strings | max 200",
  level: "warn",
  appliesTo: (x) => Array.isArray(okEnvelope(x)?.entities),
  run(x) {
    const env = okEnvelope(x);
    const listed = new Set(env?.entities as unknown[]);
    const nodes = dataNodeIds(env?.data);
    const out: CheckFailure[] = [];
    const unlisted = nodes.filter((id) => !listed.has(id));
    if (unlisted.length > 0)
      out.push(
        failure(entitiesConsistentWithData, {
          title: `${unlisted.length} delivered node id(s) not listed in entities`,
          pointer: "/entities",
          expected: `to contain ${show(unlisted, 80)}`,
          received: show([...listed], 80),
          severity: "warning",
        }),
      );
    const known = new Set(nodes);
    for (const e of arrayAt(entityData(x), "edges") ?? [])
      if (isObject(e)) {
        known.add(e.src);
        known.add(e.dst);
      }
    addExtensionIds(known, objectAt(entityData(x), "extensions"));
    const stray = [...listed].filter((id) => !known.has(id));
    if (stray.length > 0)
      out.push(
        failure(entitiesConsistentWithData, {
          title: `${stray.length} id(s) in entities not found in data`,
          pointer: "/entities",
          expected: "ids of delivered nodes, edge ends or extension entries",
          received: show(stray, 80),
          severity: "warning",
        }),
      );
    return out;
  },
};
