/**
 * Edge paging of entity reads (Edge: max 50 per response). The cursor is `[token, offset]`: `token` names
 * the request (ids, include) it belongs to and `offset` is where the next page starts, so a page resumes
 * exactly where the previous one stopped. A cursor we did not issue for this request starts from the top.
 */
import type { GraphEdge } from "../graph/graph.js";
import type { ServerState } from "../state.js";
import type { CursorItem } from "../validate/fields.js";

/** Edges per page (contract: max 50 per response). */
const EDGE_PAGE = 50;

/** A short stable token of the request a cursor belongs to (FNV-1a). */
export function requestToken(prefix: string, parts: string[]): string {
  let h = 0x811c9dc5;
  const text = parts.join("\u0000");
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${prefix}${(h >>> 0).toString(16).padStart(8, "0")}`;
}

/** The offset a cursor asks for when it is ours for this request, else 0 (plus whether it was foreign). */
export function cursorOffset(
  cursor: CursorItem[] | null,
  token: string,
): { offset: number; foreign: boolean } {
  if (cursor === null) return { offset: 0, foreign: false };
  const [t, n] = cursor;
  if (cursor.length === 2 && t === token && typeof n === "number" && Number.isInteger(n) && n > 0) {
    return { offset: n, foreign: false };
  }
  return { offset: 0, foreign: true };
}

/** One page of an ordered list, with the cursor of the next page when the list goes on. */
export function page<T>(
  items: T[],
  offset: number,
  size: number,
  token: string,
  step = size,
): { items: T[]; truncated: boolean; cursor: [string, number] | null } {
  const slice = items.slice(offset, offset + size);
  const next = offset + step;
  const truncated = offset + size < items.length;
  return { items: slice, truncated, cursor: truncated ? [token, next] : null };
}

/** All edges touching the found nodes, each once, ascending by id. */
export function collectEdges(state: ServerState, ids: string[], include: string[]): GraphEdge[] {
  const predicates = include.includes("*") ? "*" : include;
  const seen = new Map<number, GraphEdge>();
  for (const id of ids) for (const e of state.graph.edgesOf(id, predicates)) seen.set(e.id, e);
  return [...seen.values()].sort((a, b) => a.id - b.id);
}

/** The page size and step, which two seeded bugs bend. */
export function edgePaging(state: ServerState): { size: number; step: number } {
  const size = EDGE_PAGE + state.bugs.edgePageOverflow;
  return { size, step: size - state.bugs.edgeCursorStepBack };
}
