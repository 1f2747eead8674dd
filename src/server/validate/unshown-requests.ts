/**
 * Requests of the operations whose shape the contract does not show (POST /search, POST /traversals,
 * GET /usage): our own shapes, documented in docs/server.md. Not mutated by `npm run mutation` (no run can
 * judge a shape the contract does not state: docs/mutation.md).
 */
import type { SearchFilters } from "../graph/graph.js";
import { InvalidArguments } from "../http/reply.js";
import { checkId } from "./fields.js";
import { charLength } from "./query.js";

function fail(reason: string): never {
  throw new InvalidArguments(reason);
}

function object(body: unknown, keys: string[]): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) fail("body must be a JSON object");
  for (const key of Object.keys(body)) if (!keys.includes(key)) fail(`unknown body property ${key}`);
  return body as Record<string, unknown>;
}

function optString(b: Record<string, unknown>, key: string): string | undefined {
  const v = b[key];
  if (v === undefined) return undefined;
  if (typeof v !== "string" || charLength(v) < 1 || charLength(v) > 300) fail(`${key} must be a string`);
  return v;
}

function optInt(b: Record<string, unknown>, key: string, min: number, max: number): number | undefined {
  const v = b[key];
  if (v === undefined) return undefined;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) fail(`${key} out of range`);
  return v;
}

function optNumber(b: Record<string, unknown>, key: string): number | undefined {
  const v = b[key];
  if (v === undefined) return undefined;
  if (typeof v !== "number" || !Number.isFinite(v)) fail(`${key} must be a number`);
  return v;
}

/** A validated search request (our shape). */
export interface SearchRequest {
  filters: SearchFilters;
  limit: number;
}

const SEARCH_KEYS = [
  "municipality",
  "municipality_code",
  "nace_code",
  "revenue_min",
  "revenue_max",
  "org_form",
  "limit",
];

/** POST /search body: optional filters and `limit` 1–100 (default 20). */
export function parseSearch(body: unknown): SearchRequest {
  const b = object(body, SEARCH_KEYS);
  const filters: SearchRequest["filters"] = {};
  for (const key of ["municipality", "municipality_code", "nace_code", "org_form"] as const) {
    const v = optString(b, key);
    if (v !== undefined) filters[key] = v;
  }
  for (const key of ["revenue_min", "revenue_max"] as const) {
    const v = optNumber(b, key);
    if (v !== undefined) filters[key] = v;
  }
  return { filters, limit: optInt(b, "limit", 1, 100) ?? 20 };
}

/** A validated traversal request (our shape). */
export interface TraversalRequest {
  seeds: string[];
  predicates: string[] | "*";
  hops: number;
  limit: number;
}

/** POST /traversals body: `seeds` 1–25 ids, `predicates` (≤ 30, `["*"]` = all), `hops` 1–3, `limit` 1–100. */
export function parseTraversal(body: unknown): TraversalRequest {
  const b = object(body, ["seeds", "predicates", "hops", "limit"]);
  if (!Array.isArray(b.seeds) || b.seeds.length < 1 || b.seeds.length > 25)
    fail("seeds must have 1 to 25 ids");
  const seeds = b.seeds.map(checkId);
  let predicates: string[] | "*" = "*";
  if (b.predicates !== undefined) {
    if (!Array.isArray(b.predicates) || b.predicates.length > 30) fail("predicates must be ≤ 30 strings");
    for (const p of b.predicates) if (typeof p !== "string") fail("predicates must be strings");
    predicates = b.predicates.includes("*") ? "*" : (b.predicates as string[]);
  }
  return { seeds, predicates, hops: optInt(b, "hops", 1, 3) ?? 1, limit: optInt(b, "limit", 1, 100) ?? 100 };
}

/** GET /usage: optional `days` 1–30 (default 30). */
export function parseUsage(query: ReadonlyMap<string, string>): number {
  const d = query.get("days");
  if (d === undefined) return 30;
  if (!/^[0-9]{1,2}$/.test(d) || Number(d) < 1 || Number(d) > 30) fail("days must be 1 to 30");
  return Number(d);
}
