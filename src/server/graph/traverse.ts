/** POST /traversals: breadth-first from the seeds over edges, at most three hops (contract: Other operations). */
import type { GraphEdge } from "./graph.js";

/** Most hops a traversal follows. */
const MAX_HOPS = 3;

/**
 * Breadth-first traversal. `limit` bounds the number of nodes (existing seeds first); an edge is
 * returned only when both its ends are among the returned nodes.
 */
export function traverseGraph(
  edgesOf: (id: string, predicates: string[] | "*") => GraphEdge[],
  exists: (id: string) => boolean,
  seeds: string[],
  predicates: string[] | "*",
  hops: number,
  limit: number,
): { nodes: string[]; edges: GraphEdge[] } {
  const seen = new Set<string>();
  for (const s of seeds) if (seen.size < limit && !seen.has(s) && exists(s)) seen.add(s);
  const nodes = [...seen];
  const edgeIds = new Set<number>();
  const edges: GraphEdge[] = [];
  let frontier = nodes;
  for (let hop = 0; hop < Math.min(hops, MAX_HOPS) && frontier.length > 0; hop++) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const e of edgesOf(id, predicates)) {
        const other = e.src === id ? e.dst : e.src;
        if (!seen.has(other)) {
          if (nodes.length >= limit) continue;
          seen.add(other);
          nodes.push(other);
          next.push(other);
        }
        if (!edgeIds.has(e.id)) {
          edgeIds.add(e.id);
          edges.push(e);
        }
      }
    }
    frontier = next;
  }
  return { nodes, edges };
}
