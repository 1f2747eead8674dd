/**
 * Serialised nodes, cached: the graph derives nodes on demand and a read would otherwise clone and
 * stringify the same payload on every call. Used only on the clean path (no seeded bug on).
 */
import type { GraphNode } from "../graph/graph.js";
import type { ServerState } from "../state.js";
import { nodeView } from "./node-view.js";
import { perServerCache } from "./server-cache.js";

/** A node's JSON in its two delivered forms (with and without signing rights). */
export interface CachedNode {
  id: string;
  type: string;
  /** Form for a multi-id request (no signing-rights fields). */
  multi: string;
  /** Form when exactly this one organisation is requested. */
  single: string;
  /**
   * A plain single read of this id (no `include`, no `extend`) from `data` up to `"balance":`, as UTF-8
   * bytes, made on the first such read (`ops/entities.ts`).
   */
  plainRead?: Buffer;
}

const cache = perServerCache<string, CachedNode | null>(50_000);

/** The cached node, `null` when it does not exist. */
export function cachedNode(state: ServerState, id: string): CachedNode | null {
  return cache(state, id, () => {
    const node: GraphNode | undefined = state.graph.getNode(id);
    return node
      ? {
          id: node.id,
          type: node.type,
          multi: JSON.stringify(nodeView(state, node, false)),
          single: JSON.stringify(nodeView(state, node, node.type === "org")),
        }
      : null;
  });
}
