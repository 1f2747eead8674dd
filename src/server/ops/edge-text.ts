/**
 * A page of edges as JSON text on the clean path (no seeded bug): each edge is serialised once and kept
 * (an edge id names one edge of the deterministic graph), instead of stringifying the same edges on every
 * read that includes them. The text is exactly `JSON.stringify(edges)` (`edges-read.test.ts` holds the two
 * to the same bytes).
 */
import type { GraphEdge } from "../graph/graph.js";
import type { ServerState } from "../state.js";

const LIMIT = 50_000;
const caches = new WeakMap<ServerState, Map<number, string>>();

/** `JSON.stringify(edges)`, from per-edge text cached for this server. */
export function edgesText(state: ServerState, edges: GraphEdge[]): string {
  if (edges.length === 0) return "[]";
  let cache = caches.get(state);
  if (!cache) {
    cache = new Map();
    caches.set(state, cache);
  }
  const texts: string[] = new Array(edges.length);
  for (let i = 0; i < edges.length; i++) {
    const e = edges[i];
    let text = cache.get(e.id);
    if (text === undefined) {
      text = JSON.stringify(e);
      if (cache.size >= LIMIT) cache.clear();
      cache.set(e.id, text);
    }
    texts[i] = text;
  }
  return `[${texts.join(",")}]`;
}
