/**
 * Common parts of every edge: confidence, evidence id, evidence level and the optional validity fields
 * (contract: Edge). Everything is drawn from the edge's own random stream, so an edge is the same bytes
 * whichever endpoint it is read from.
 */
import type { GraphEdge } from "./graph.js";
import type { Rng } from "./prng.js";

const EVIDENCE_LEVELS = ["direct_observed", "documented_allocation", "scheme_derived", "unresolved", null];

/** Builds an edge; `props` may contain `undefined` values, which are dropped (absent). */
export function makeEdge(
  rng: Rng,
  id: number,
  src: string,
  dst: string,
  predicate: string,
  props: Record<string, unknown>,
): GraphEdge {
  const clean: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(props)) if (v !== undefined) clean[k] = v;
  if (rng.chance(0.7)) clean.evidence_level = rng.pick(EVIDENCE_LEVELS);
  const edge: GraphEdge = {
    id,
    src,
    dst,
    predicate,
    props: clean,
    confidence: Math.round(rng.next() * 1000) / 1000,
    evidence_id: 1 + rng.int(2_000_000_000),
  };
  const validity = rng.next();
  if (validity < 0.5) {
    edge.valid_from = rng.dateTime(2000, 2022);
    edge.valid_to = rng.chance(0.7) ? null : rng.dateTime(2023, 2025);
  } else if (validity < 0.6) {
    edge.valid_from = null;
  }
  if (rng.chance(0.6)) edge.recorded_at = rng.dateTime(2023, 2025);
  // Edges are cached and shared (see graph.ts).
  Object.freeze(edge.props);
  return Object.freeze(edge);
}

/** A value or (sometimes) null, for nullable props. */
export function orNull<T>(rng: Rng, value: T, p = 0.08): T | null {
  return rng.chance(p) ? null : value;
}
