/**
 * The request bounds the contract states (Endpoints parameter tables, Limits). A request that breaks one
 * is "invalid bounded arguments" (Errors: 400 `invalid_arguments`); the checks never guess beyond these.
 */
import { EXTENSION_NAMES } from "../../contract/vocabulary.js";

const EXTENSIONS = new Set(EXTENSION_NAMES);
const BATCH_KEYS = new Set(["ids", "dataset", "include", "extend", "as_of", "cursor"]);
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Number of characters (code points), as the contract counts string lengths. */
function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Entity-read parameters as decoded from the query (GET) or the body (batch). */
export interface EntityParams {
  dataset: unknown;
  include: { ok: boolean; value?: unknown };
  extend: { ok: boolean; value?: unknown };
  cursor: { ok: boolean; value?: unknown };
  as_of: unknown;
  ids?: unknown;
  keys?: string[];
}

/** Bounds broken by an entity read (Endpoints: GET /entities/{id}, POST /entities/batch). */
export function entityParamProblems(p: EntityParams, where: "query" | "body"): string[] {
  const out: string[] = [];
  if (where === "body") {
    for (const key of p.keys ?? []) if (!BATCH_KEYS.has(key)) out.push(`unknown body property "${key}"`);
    if (!Array.isArray(p.ids)) out.push("ids is not an array");
    else {
      if (p.ids.length < 1 || p.ids.length > 100) out.push(`ids has ${p.ids.length} items (1 to 100)`);
      if (p.ids.some((id) => typeof id !== "string" || charLength(id) < 3 || charLength(id) > 300))
        out.push("an id is not a string of 3 to 300 characters");
    }
  }
  if (p.dataset !== undefined && p.dataset !== "basic" && p.dataset !== "influencer")
    out.push("dataset is not basic or influencer");
  out.push(...stringArrayProblems("include", p.include, 30));
  out.push(...stringArrayProblems("extend", p.extend, 4));
  if (Array.isArray(p.extend.value) && p.extend.value.some((e) => !EXTENSIONS.has(e as string)))
    out.push("extend has an unknown extension");
  out.push(...cursorProblems(p.cursor));
  if (p.as_of !== undefined && (typeof p.as_of !== "string" || !DATE_TIME.test(p.as_of)))
    out.push("as_of is not a date-time");
  return out;
}

function stringArrayProblems(name: string, param: { ok: boolean; value?: unknown }, max: number): string[] {
  if (!param.ok) return [`${name} is not JSON`];
  const v = param.value;
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== "string"))
    return [`${name} is not an array of strings`];
  return v.length > max ? [`${name} has ${v.length} items (max ${max})`] : [];
}

function cursorProblems(param: { ok: boolean; value?: unknown }): string[] {
  if (!param.ok) return ["cursor is not JSON"];
  const v = param.value;
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) return ["cursor is not an array or null"];
  if (v.length > 5) return [`cursor has ${v.length} items (max 5)`];
  const bad = v.some((x) => !(typeof x === "number" || (typeof x === "string" && charLength(x) <= 300)));
  return bad ? ["a cursor item is not a number or a string of at most 300 characters"] : [];
}

/** Bounds broken by a resolve request (Endpoints: GET /resolve). */
export function resolveParamProblems(
  query: Record<string, string>,
  types: { ok: boolean; value?: unknown },
): string[] {
  const out: string[] = [];
  const q = query.query;
  if (q === undefined) out.push("query is missing");
  else if (charLength(q) < 1 || charLength(q) > 300)
    out.push(`query has ${charLength(q)} characters (1 to 300)`);
  if (!types.ok) out.push("types is not JSON");
  else if (types.value !== undefined && types.value !== null) {
    const t = types.value;
    if (!Array.isArray(t) || t.some((x) => typeof x !== "string"))
      out.push("types is not an array of strings");
    else if (t.length > 20) out.push(`types has ${t.length} items (max 20)`);
  }
  const limit = query.limit;
  if (limit !== undefined && !(/^\d+$/.test(limit) && Number(limit) >= 1 && Number(limit) <= 50))
    out.push("limit is not an integer from 1 to 50");
  return out;
}
