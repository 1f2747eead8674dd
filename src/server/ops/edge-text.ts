/**
 * A page of edges as JSON text on the clean path (no seeded bug): each edge is serialised once and kept
 * (an edge id names one edge of the deterministic graph), instead of stringifying the same edges on every
 * read that includes them. The text is exactly `JSON.stringify(edges)` (`edges-read.test.ts` holds the two
 * to the same bytes).
 */
import type { GraphEdge } from "../graph/graph.js";
import type { ServerState } from "../state.js";
import { perServerCache } from "./server-cache.js";

const cache = perServerCache<number, string>(50_000);

/** `JSON.stringify(edges)`, from per-edge text cached for this server. */
export function edgesText(state: ServerState, edges: GraphEdge[]): string {
  if (edges.length === 0) return "[]";
  const texts: string[] = new Array(edges.length);
  for (let i = 0; i < edges.length; i++) {
    const e = edges[i];
    texts[i] = cache(state, e.id, () => JSON.stringify(e));
  }
  return `[${texts.join(",")}]`;
}
