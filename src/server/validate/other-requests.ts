/**
 * Requests of resolve (Endpoints / GET /resolve). The operations whose request the contract does not show
 * (POST /search, POST /traversals, GET /usage) are in unshown-requests.ts.
 */
import { miscountedLength, type QueryMiscount } from "../bugs.js";
import { InvalidArguments } from "../http/reply.js";
import { charLength, jsonParam } from "./query.js";

function fail(reason: string): never {
  throw new InvalidArguments(reason);
}

/** Seeded faults of resolve: thrown past validation, each becomes a 500. */
export interface ResolveFaults {
  /** A query of white space only. */
  blankQueryFails?: boolean;
  /** A query holding a control or format character. */
  formatCharacterQueryFails?: boolean;
  /** A parameter resolve does not have. */
  unknownParameterFails?: boolean;
}

const RESOLVE_PARAMETERS = new Set(["query", "types", "limit"]);

/** A validated resolve request. */
export interface ResolveRequest {
  query: string;
  types: string[] | null;
  limit: number;
}

/** GET /resolve: `query` 1–300 characters, `types` JSON array (≤ 20) or null, `limit` 1–50 default 10. */
export function parseResolve(
  query: ReadonlyMap<string, string>,
  options: {
    maxQuery: number;
    defaultLimit: number;
    countUtf16Units?: QueryMiscount | false;
  } & ResolveFaults,
): ResolveRequest {
  const q = query.get("query");
  if (q === undefined) fail("query is required");
  const len = options.countUtf16Units ? miscountedLength(q, options.countUtf16Units) : charLength(q);
  if (len < 1 || len > options.maxQuery) fail("query must have 1 to 300 characters");
  if (options.blankQueryFails && q.trim() === "") throw new Error("blank query");
  if (options.formatCharacterQueryFails && /[\p{Cc}\p{Cf}]/u.test(q)) throw new Error("format character");
  if (options.unknownParameterFails && [...query.keys()].some((k) => !RESOLVE_PARAMETERS.has(k))) {
    throw new Error("unknown parameter");
  }
  let types: string[] | null = null;
  const t = query.get("types");
  if (t !== undefined) {
    const value = jsonParam("types", t);
    if (value !== null) {
      if (!Array.isArray(value)) fail("types must be an array of strings or null");
      if (value.length > 20) fail("types has more than 20 items");
      for (const item of value) if (typeof item !== "string") fail("types items must be strings");
      types = value as string[];
    }
  }
  const l = query.get("limit");
  let limit = options.defaultLimit;
  if (l !== undefined) {
    if (!/^[0-9]{1,3}$/.test(l)) fail("limit must be an integer from 1 to 50");
    limit = Number(l);
    if (limit < 1 || limit > 50) fail("limit must be an integer from 1 to 50");
  }
  return { query: q, types, limit };
}
