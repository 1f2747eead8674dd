/** Named mutations of GET /resolve at and past its bounds (Endpoints / GET /resolve; Limits). */
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { BOUNDS, RESOLVE_NODE_TYPES } from "./bounds.js";
import { accepted, type NegativeCase, rejected } from "./negative-case.js";
import { resolvePlan } from "./resolve-request.js";

const SECTION = "Endpoints / GET /resolve";
const QUERY = "query: string; required; 1 to 300 characters";
const TYPES = "types: JSON-encoded array of strings, or null; optional; max 20 items";
const LIMIT = "limit: integer; optional; 1 to 50; default 10";

/** Cases for `query` length, `limit` and `types`. */
export function resolveNegativeCases(fixtures: TargetFixtures): NegativeCase[] {
  const { queryLength: ql, limit: lim, typesItems } = BOUNDS;
  const base = fixtures.resolve_queries.find((q) => q.length >= ql.min && q.length <= ql.max) ?? "Acme";
  const types = (n: number) =>
    Array.from({ length: n }, (_, i) => RESOLVE_NODE_TYPES[i % RESOLVE_NODE_TYPES.length]);
  const q = (name: string, query: string, ok: boolean): NegativeCase => ({
    name: `resolve-query-length-${name}`,
    bound: `query length ${ql.min}..${ql.max}`,
    request: resolvePlan({ query }),
    expect: ok ? accepted : rejected,
    sentence: QUERY,
    section: SECTION,
  });
  const limit = (name: string, text: string, ok: boolean): NegativeCase => ({
    name: `resolve-limit-${name}`,
    bound: `limit integer ${lim.min}..${lim.max}`,
    request: { ...resolvePlan({ query: base }), query: { query: base, limit: text } },
    expect: ok ? accepted : rejected,
    sentence: LIMIT,
    section: SECTION,
  });
  const typesCase = (name: string, text: string, ok: boolean): NegativeCase => ({
    name: `resolve-types-${name}`,
    bound: `types JSON array (max ${typesItems.max}) or null`,
    request: { ...resolvePlan({ query: base }), query: { query: base, types: text } },
    expect: ok ? accepted : rejected,
    sentence: TYPES,
    section: SECTION,
  });
  return [
    q(String(ql.min - 1), "", false),
    q(String(ql.min), "a", true),
    q(String(ql.max), "a".repeat(ql.max), true),
    q(String(ql.max + 1), "a".repeat(ql.max + 1), false),
    {
      ...q("absent", "", false),
      name: "resolve-query-absent",
      request: { ...resolvePlan({ query: "" }), query: {} },
    },
    limit(String(lim.min - 1), String(lim.min - 1), false),
    limit(String(lim.min), String(lim.min), true),
    limit(String(lim.max), String(lim.max), true),
    limit(String(lim.max + 1), String(lim.max + 1), false),
    limit("fraction", "1.5", false),
    limit("word", "ten", false),
    typesCase(String(typesItems.max), JSON.stringify(types(typesItems.max)), true),
    typesCase(String(typesItems.max + 1), JSON.stringify(types(typesItems.max + 1)), false),
    typesCase("null", "null", true),
    typesCase("notjson", "notjson", false),
  ];
}
