/**
 * Every edge touching a node: the owner's edges that touch it, plus (for organisations) the edges
 * owned by its sub-units, the companies it owns, the people of up to five neighbours holding a role
 * in it, and catalog edges.
 */
import type { Catalog } from "./catalog.js";
import type { GraphEdge } from "./graph.js";
import { type EdgeStub, ownedEdges, secondaryTarget } from "./org-edges.js";
import { ownedBy } from "./ownership.js";
import { parseSatelliteId } from "./satellites.js";
import type { World } from "./world.js";

const ORG_ID = /^cb:org:(\d{9})$/;

/** A stub of an already built edge. */
function stubOf(e: GraphEdge): EdgeStub {
  return { id: e.id, src: e.src, dst: e.dst, predicate: e.predicate, edge: () => e };
}

/** All edges touching `id` as stubs, ascending by id (empty for unknown ids). */
export function allEdgesOf(world: World, catalog: Catalog, id: string): EdgeStub[] {
  const touching = (e: EdgeStub): boolean => e.src === id || e.dst === id;
  const fromCatalog = (catalog.edgesByNode.get(id) ?? []).map(stubOf);
  const org = ORG_ID.exec(id);
  if (org) {
    const i = world.numbers.toIndex(org[1]);
    if (i < 0) return [];
    const out = ownedEdges(world, i).filter(touching);
    const place = world.layout.place(i);
    for (let s = place.firstSub; s < place.firstSub + place.subCount; s++) out.push(ownedEdges(world, s)[0]);
    for (const c of ownedBy(world, i)) out.push(...ownedEdges(world, c).filter(touching));
    for (let o = Math.max(0, i - 5); o < i; o++) {
      if (secondaryTarget(world, o) === i) out.push(...ownedEdges(world, o).filter(touching));
    }
    out.push(...fromCatalog);
    return out.sort((a, b) => a.id - b.id);
  }
  const sat = parseSatelliteId(id);
  if (sat) {
    const i = world.numbers.toIndex(sat.orgNr);
    return i < 0 ? [] : ownedEdges(world, i).filter(touching);
  }
  return fromCatalog;
}
