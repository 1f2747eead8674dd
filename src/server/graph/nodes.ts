/** Node lookup by id: organisations, their satellites and catalog nodes, each in O(1). */
import type { Catalog } from "./catalog.js";
import type { GraphNode } from "./graph.js";
import { orgPayload } from "./org-payload.js";
import { satellitePayload } from "./satellite-payloads.js";
import { parseSatelliteId, satelliteCounts } from "./satellites.js";
import type { World } from "./world.js";

const ORG_ID = /^cb:org:(\d{9})$/;

/** Predicate → count over a node's edges (contract: Node, `active_predicates`). */
export function countPredicates(edges: ReadonlyArray<{ predicate: string }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of edges) counts[e.predicate] = (counts[e.predicate] ?? 0) + 1;
  return counts;
}

/** A node without `active_predicates`, or undefined when the id does not exist. */
export function lookupNode(world: World, catalog: Catalog, id: string): GraphNode | undefined {
  const org = ORG_ID.exec(id);
  if (org) {
    const i = world.numbers.toIndex(org[1]);
    if (i < 0) return undefined;
    const core = world.core(i);
    return { id, type: "org", name: core.name, payload: orgPayload(world, core) };
  }
  const sat = parseSatelliteId(id);
  if (sat) {
    const i = world.numbers.toIndex(sat.orgNr);
    if (i < 0) return undefined;
    const core = world.core(i);
    if (sat.n >= satelliteCounts(world.seed, i, core.place)[sat.kind]) return undefined;
    const { name, payload } = satellitePayload(world.seed, catalog, core, sat.kind, sat.n);
    return { id, type: sat.kind, name, payload };
  }
  const node = catalog.nodes.get(id);
  return node ? { ...node, payload: { ...node.payload } } : undefined;
}
