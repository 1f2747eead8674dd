/**
 * GET /resolve over the graph: an exact organisation number or node id gives that node; otherwise
 * names are matched (organisations by inverting their name, other types through the sample index).
 */
import type { GraphCandidate, GraphNode } from "./graph.js";
import { matchOrgNames } from "./org-name-match.js";
import type { SampleIndex } from "./sample-index.js";
import type { World } from "./world.js";

/** Node types a resolve may return (contract: Node types on resolve). */
const RESOLVE_TYPES = new Set([
  "org",
  "person",
  "property",
  "entity",
  "belief_tradition",
  "support_fact",
  "support_scheme",
  "support_scheme_period",
  "public_actor",
  "state_finance_node",
]);

/** Score of an exact identifier match. */
const EXACT = 1000;

/** Candidates for a query, best first. */
export function resolveQuery(
  world: World,
  getNode: (id: string) => GraphNode | undefined,
  sample: () => SampleIndex,
  query: string,
  types: string[] | null,
  limit: number,
): GraphCandidate[] {
  const wanted =
    types && types.length > 0 ? new Set(types.filter((t) => RESOLVE_TYPES.has(t))) : RESOLVE_TYPES;
  const q = query.trim();
  const compact = q.replace(/\s+/g, "");
  const exactId = /^\d{9}$/.test(compact) ? `cb:org:${compact}` : q.startsWith("cb:") ? q : null;
  if (exactId) {
    const node = getNode(exactId);
    return node && wanted.has(node.type)
      ? [{ id: node.id, type: node.type, name: node.name, score: EXACT }]
      : [];
  }
  const out: GraphCandidate[] = [];
  if (wanted.has("org")) out.push(...matchOrgNames(world, q, limit));
  const others = new Set([...wanted].filter((t) => t !== "org"));
  if (others.size > 0) out.push(...sample().match(q, others, limit));
  // Stable sort: ties keep organisations first, each list in its own order (prefix-consistent over limits).
  out.sort((x, y) => y.score - x.score);
  return out.slice(0, limit);
}
