/**
 * GET /resolve (Endpoints): candidates best first, `data` ≤ limit, `coverage.requested` exactly one item
 * (the query), `coverage.missing` empty, `cursor` null.
 */

import { envelope } from "../envelope.js";
import { jsonReply, type Reply } from "../http/reply.js";
import type { Account } from "../keys.js";
import type { ServerState } from "../state.js";
import type { ResolveRequest } from "../validate/other-requests.js";
import { balanceFor } from "./balance.js";

/** Answers a validated resolve request. */
export function resolve(state: ServerState, req: ResolveRequest, account: Account): Reply {
  // Seeded bug `resolve-spins-forever`: the thread never yields again, so nothing in this process can end it.
  while (state.bugs.resolveSpins) {
    // spins
  }
  // Seeded bug `resolve-exact-id-not-found`: an identifier is not looked up (names only).
  const all =
    state.bugs.resolveByNameOnly && /^(\d{9}|cb:.*)$/.test(req.query.trim())
      ? []
      : state.graph.resolve(req.query, req.types, req.limit + 1);
  const data = all
    .slice(0, req.limit + state.bugs.resolveOverLimit)
    .map((c) => ({ id: c.id, type: c.type, name: c.name, score: c.score }));
  // Seeded bugs `resolve-truncated-at-limit`: a full page claims a cut (one candidate more was asked for);
  // `resolve-truncated-never`: a page cut at the client's limit says nothing was cut.
  const truncated = state.bugs.resolveTruncatedAtLimit
    ? data.length >= req.limit
    : state.bugs.resolveTruncatedNever
      ? false
      : all.length > req.limit;
  const body = envelope({
    asOf: state.asOf,
    data,
    entities: data.map((c) => c.id),
    requested: state.bugs.resolveRequestedEmpty ? [] : [req.query],
    missing: [],
    truncated,
    cursor: state.bugs.resolveCursorSet ? ["resolve", 1] : null,
    nextHint: truncated ? "raise limit (up to 50) or refine the query" : null,
    units: data.length,
    unitType: "record",
    creditsCharged: 0,
    balance: balanceFor(state, account),
    warnings: [],
  });
  return { ...jsonReply(200, body), metered: { records: data.length, credits: 0 } };
}
