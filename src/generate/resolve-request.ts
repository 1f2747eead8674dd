/** Valid GET /resolve requests (Endpoints / GET /resolve). */
import fc from "fast-check";
import type { PlannedRequest } from "../vocabulary/planned-request.js";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { resolveLimit } from "./resolve-limit.js";
import { resolveQuery } from "./resolve-query.js";
import { resolveTypes } from "./resolve-types.js";

/** Decoded GET /resolve parameters. */
export interface ResolveParams {
  query: string;
  types?: string[] | null;
  limit?: number;
}

/** The planned request for decoded parameters (`types` JSON-encoded, `limit` as decimal text). */
export function resolvePlan(params: ResolveParams): PlannedRequest {
  const query: Record<string, string> = { query: params.query };
  if (params.types !== undefined) query.types = JSON.stringify(params.types);
  if (params.limit !== undefined) query.limit = String(params.limit);
  return { operation: "resolve", method: "GET", path: "/resolve", query };
}

/** Queries from fixtures, their prefixes or random names; `types` and `limit` present or absent. */
export function resolveRequest(fixtures: TargetFixtures): fc.Arbitrary<PlannedRequest> {
  return fc
    .record(
      { query: resolveQuery(fixtures), types: resolveTypes(), limit: resolveLimit() },
      { requiredKeys: ["query"] },
    )
    .map(resolvePlan);
}
