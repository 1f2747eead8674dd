/**
 * POST /search and POST /traversals ("Request and response: not shown"): our shapes, in the envelope,
 * with `data.entities` as nodes (multi-organisation form: no signing-rights fields) and, for traversals,
 * `data.edges` (≤ 50).
 */

import { envelope } from "../envelope.js";
import { jsonReply, type Reply } from "../http/reply.js";
import type { Account } from "../keys.js";
import type { ServerState } from "../state.js";
import type { SearchRequest, TraversalRequest } from "../validate/unshown-requests.js";
import { balanceFor } from "./balance.js";
import { lookup } from "./coverage.js";
import { nodeView } from "./node-view.js";

function answer(
  state: ServerState,
  account: Account,
  data: { entities: ReturnType<typeof nodeView>[]; edges?: unknown[] },
  extra: { requested: string[]; missing: string[]; truncated: boolean },
): Reply {
  const units = data.entities.length + (data.edges?.length ?? 0);
  const body = envelope({
    asOf: state.asOf,
    data,
    entities: data.entities.map((n) => n.id),
    requested: extra.requested,
    missing: extra.missing,
    truncated: extra.truncated,
    cursor: null,
    nextHint: extra.truncated ? "narrow the request or raise limit" : null,
    units,
    unitType: "record",
    creditsCharged: 0,
    balance: balanceFor(state, account),
    warnings: [],
  });
  return { ...jsonReply(200, body), metered: { records: units, credits: 0 } };
}

/** Answers a validated search. */
export function search(state: ServerState, req: SearchRequest, account: Account): Reply {
  const ids = state.graph.search(req.filters, req.limit + 1);
  const { found } = lookup(ids.slice(0, req.limit), (id) => state.graph.getNode(id));
  const entities = found.map((n) => nodeView(state, n, false));
  return answer(
    state,
    account,
    { entities },
    { requested: [], missing: [], truncated: ids.length > req.limit },
  );
}

/** Answers a validated traversal (at most three hops). */
export function traverse(state: ServerState, req: TraversalRequest, account: Account): Reply {
  const { found, missing } = lookup(req.seeds, (id) => state.graph.getNode(id));
  const seeds = found.map((n) => n.id);
  const result = seeds.length
    ? state.graph.traverse(seeds, req.predicates, req.hops, req.limit)
    : { nodes: [], edges: [] };
  const nodeIds = result.nodes.slice(0, req.limit);
  const nodes = lookup(nodeIds, (id) => state.graph.getNode(id)).found.map((n) => nodeView(state, n, false));
  const edges = result.edges.slice(0, 50);
  const truncated = result.nodes.length > req.limit || result.edges.length > 50;
  return answer(state, account, { entities: nodes, edges }, { requested: req.seeds, missing, truncated });
}
