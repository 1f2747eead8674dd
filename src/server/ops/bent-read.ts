/**
 * The general path of entity reads, taken only while a seeded bug is on (`state.mutations` not empty): nodes
 * and extensions built afresh and serialised with `JSON.stringify`, so that a bug can bend them. With no bug on,
 * `entities.ts` serves the very same text from the per-server caches (node-cache.ts, edge-text.ts,
 * extensions-text.ts; plain-read, edges-read and extensions-read.test.ts hold the two to the same bytes). Left
 * out of mutation testing with the seeded bugs (mutation/parts.mjs, docs/mutation.md).
 */
import type { GraphNode } from "../graph/graph.js";
import type { ServerState } from "../state.js";
import type { ExtensionName } from "../validate/fields.js";
import { lookup } from "./coverage.js";
import { buildExtensions, type ExtensionsResult } from "./extensions.js";
import type { CachedNode } from "./node-cache.js";
import { nodeView } from "./node-view.js";

/** The requested nodes in both delivered forms, built afresh, and the ids not found. */
export function bentNodes(state: ServerState, ids: string[]): { found: CachedNode[]; missing: string[] } {
  const view = (n: GraphNode, single: boolean) => JSON.stringify(nodeView(state, n, single));
  return lookup(ids, (id) => {
    const n = state.graph.getNode(id);
    return n && { id: n.id, type: n.type, multi: view(n, false), single: view(n, n.type === "org") };
  });
}

/** Extensions built afresh, with their JSON text. */
export function bentExtensions(
  state: ServerState,
  orgIds: string[],
  extend: ExtensionName[],
  single: boolean,
): ExtensionsResult & { json: string } {
  const ext = buildExtensions(state, orgIds, extend, single);
  return { ...ext, json: JSON.stringify(ext.extensions) };
}
