/**
 * The synthetic graph behind the reference server, as the HTTP layer sees it.
 * Deterministic from the seed; organisations are generated lazily so that 1,000,000 start fast.
 * Everything returned is full and uncapped: the HTTP layer applies the contract's caps, paging and
 * single-organisation rules. Nodes, edges and sub-unit elements are cached and shared between callers,
 * so they are frozen: copy before changing (e.g. `{ ...node.payload }` to strip signature fields).
 */
import type { ServerFixtures } from "../types.js";

/** A node as stored: the payload carries every field it has (signature fields included for orgs). */
export interface GraphNode {
  id: string;
  type: string;
  name: string | null;
  payload: Record<string, unknown>;
  /** Predicate name → number of edges of that predicate touching this node. */
  active_predicates?: Record<string, number>;
}

/** An edge as stored (contract: Edge). */
export interface GraphEdge {
  id: number;
  src: string;
  dst: string;
  predicate: string;
  props: Record<string, unknown>;
  confidence: number;
  evidence_id: number;
  valid_from?: string | null;
  valid_to?: string | null;
  recorded_at?: string;
}

/** A resolve candidate (contract: GET /resolve, data items). */
export interface GraphCandidate {
  id: string;
  type: string;
  name: string | null;
  score: number;
}

/** Filters of POST /search (request shape invented by the reference server; see README). */
export interface SearchFilters {
  municipality?: string;
  municipality_code?: string;
  nace_code?: string;
  revenue_min?: number;
  revenue_max?: number;
  org_form?: string;
}

/** The graph the reference server serves. */
export interface Graph {
  readonly seed: number;
  readonly orgCount: number;
  /** A node by id (any type, influencer identities excluded), or undefined when it does not exist. */
  getNode(id: string): GraphNode | undefined;
  /** An influencer identity node (`cb:identity:<network>:<username>`), or undefined. */
  getInfluencer(id: string): GraphNode | undefined;
  /** All edges touching the node, ascending by edge id, filtered by predicate names (`"*"` = all). */
  edgesOf(id: string, predicates: string[] | "*"): GraphEdge[];
  /** All financial-history rows of an organisation, newest year first, one per year (may exceed 30? no: ≤ 30). */
  financialHistory(orgNr: string): Record<string, unknown>[];
  /** All sub-units of a main unit (may be more than 1,000). */
  subunits(orgNr: string): Record<string, unknown>[];
  /** Web identities of an organisation (≤ 10). */
  webIdentities(orgNr: string): Record<string, unknown>[];
  /** Top owner of an organisation (`reach` "direct": its direct owner, for a seeded bug), or null. */
  groupParent(orgNr: string, reach?: "top" | "direct"): Record<string, unknown> | null;
  /** Candidates for a resolve query, best first. `types` filters node types when given. */
  resolve(query: string, types: string[] | null, limit: number): GraphCandidate[];
  /** Organisation ids matching the filters, at most `limit`. */
  search(filters: SearchFilters, limit: number): string[];
  /** Ids of nodes and edges reachable from the seeds within `hops` (≤ 3). */
  traverse(
    seeds: string[],
    predicates: string[] | "*",
    hops: number,
    limit: number,
  ): { nodes: string[]; edges: GraphEdge[] };
  /** Ids for tests and for the runner's embedded default. */
  fixtures(): ServerFixtures;
}
