/**
 * Decodes an `Exchange.request` into what the checks need: the requested ids, dataset, include, extend,
 * cursor and the resolve parameters — decoded as the request schemas describe them (contract/decode-request.ts)
 * and held to them (contract/request-class.ts): the stated rules the request breaks are its `problems`, so a
 * check can tell that a 2xx was wrong. Tolerant: a malformed request decodes to what can be read.
 * Cached per request object, because every check of one exchange asks for the same view.
 */
import { type DecodedRequest, decodeRequest } from "../contract/decode-request.js";
import { LIMITS } from "../contract/limits.js";
import { sharedRegistry } from "../contract/registry.js";
import { problemsOfEveryReading } from "../contract/request-class.js";
import type { Exchange, OperationId, RecordedRequest } from "../transport/exchange.js";
import { isObject } from "./support/json.js";

/** The request of one exchange, decoded. */
export interface RequestView {
  operation: OperationId;
  /** Entity reads: the requested ids (path id percent-decoded, or the batch `ids`), when decodable. */
  ids?: string[];
  /** `basic` (default) or what was sent. */
  dataset: string;
  /** Decoded `include` (empty when absent or undecodable). */
  include: string[];
  /** Decoded `extend` (empty when absent or undecodable). */
  extend: string[];
  /** Decoded `cursor` (null when absent). */
  cursor: unknown;
  /** Entity reads: `as_of` as sent, when it is a string. */
  asOf?: string;
  /** Resolve: `query` as sent. */
  query?: string;
  /**
   * Resolve: `limit` as a number (the default when absent); undefined when not an integer, or written in a
   * form a server may read otherwise (`010`, `1e1`, empty).
   */
  limit?: number;
  /** Stated rules this request breaks (its request schema, JSON-encoding); a 2xx answer to it is wrong. */
  problems: string[];
}

const cache = new WeakMap<RecordedRequest, RequestView>();

/** The decoded view of `exchange.request` (memoised per request object). */
export function requestView(exchange: Exchange): RequestView {
  const cached = cache.get(exchange.request);
  if (cached && cached.operation === exchange.operation) return cached;
  const view = decode(exchange.operation, exchange.request);
  cache.set(exchange.request, view);
  return view;
}

/** One shared empty list (frozen: views are read, never changed). */
const NONE = Object.freeze([]) as unknown as string[];

function strings(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) return NONE;
  return value.filter((v): v is string => typeof v === "string");
}

function decode(operation: OperationId, request: RecordedRequest): RequestView {
  const base: RequestView = {
    operation,
    dataset: "basic",
    include: NONE,
    extend: NONE,
    cursor: null,
    problems: NONE,
  };
  const registry = sharedRegistry();
  const parts = { operation, ...request };
  const decoded = decodeRequest(parts, registry);
  if (!decoded) return base;
  const problems = problemsOfEveryReading(parts, decoded, registry);
  if (problems.length > 0) base.problems = problems;
  const v = decoded.value;
  if (!isObject(v)) return base;
  // Built in place (no spreads): this runs once for every exchange judged under load.
  if (operation === "resolve") {
    if (typeof v.query === "string") base.query = v.query;
    const limit = limitOf(decoded, v.limit);
    if (limit !== undefined) base.limit = limit;
    return base;
  }
  if (operation === "entity-get" && typeof v.id === "string") base.ids = [v.id];
  if (operation === "entity-batch" && Array.isArray(v.ids)) base.ids = strings(v.ids);
  if (typeof v.dataset === "string") base.dataset = v.dataset;
  base.include = strings(v.include);
  base.extend = strings(v.extend);
  base.cursor = v.cursor ?? null;
  if (typeof v.as_of === "string") base.asOf = v.as_of;
  return base;
}

/** The limit a server must honour: the default when absent, the integer when written plainly. */
function limitOf(decoded: DecodedRequest, limit: unknown): number | undefined {
  const unusual = decoded.facts.some((f) => f.parameter === "limit" && f.kind !== "repeated");
  if (unusual) return undefined;
  if (limit === undefined) return LIMITS.resolveLimitDefault;
  return typeof limit === "number" && Number.isInteger(limit) ? limit : undefined;
}
