/**
 * Decodes an `Exchange.request` into what the checks need: the requested ids, dataset, include, extend,
 * cursor and the resolve parameters. Tolerant: a malformed request decodes to what can be read, and the
 * contract bounds it breaks are listed in `problems` (so a check can tell that a 2xx was wrong).
 * Cached per request object, because every check of one exchange asks for the same view.
 */
import type { Exchange, OperationId, RecordedRequest } from "../transport/exchange.js";
import { isObject } from "./support/json.js";
import { entityParamProblems, resolveParamProblems } from "./support/request-bounds.js";

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
  /** Resolve: `limit` as a number (default 10); undefined when not a usable integer. */
  limit?: number;
  /** Contract bounds this request breaks (Endpoints parameter tables); a 2xx answer to it is wrong. */
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

/** Parses JSON text, or returns `undefined` marked as unreadable. */
function parseJsonParam(text: string | undefined): { ok: boolean; value?: unknown } {
  if (text === undefined) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** One shared empty list (frozen: views are read, never changed). */
const NONE = Object.freeze([]) as unknown as string[];

function strings(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) return NONE;
  return value.filter((v): v is string => typeof v === "string");
}

function decode(operation: OperationId, request: RecordedRequest): RequestView {
  const query = request.query ?? {};
  const base: RequestView = {
    operation,
    dataset: "basic",
    include: NONE,
    extend: NONE,
    cursor: null,
    problems: NONE,
  };
  if (operation === "resolve") return decodeResolve(base, query);
  if (operation === "entity-get") {
    const params = {
      dataset: query.dataset,
      include: parseJsonParam(query.include),
      extend: parseJsonParam(query.extend),
      cursor: parseJsonParam(query.cursor),
      as_of: query.as_of,
    };
    const id = decodePathId(request.path);
    const problems = id === undefined ? ["path id is not a percent-encoded string"] : [];
    problems.push(...entityParamProblems(params, "query"));
    return finishEntity(base, id === undefined ? undefined : [id], params, problems);
  }
  if (operation === "entity-batch") {
    const body = parseJsonParam(request.body ?? "");
    if (!body.ok || !isObject(body.value)) {
      base.problems = ["request body is not a JSON object"];
      return base;
    }
    const b = body.value;
    const params = {
      dataset: b.dataset,
      include: { ok: true, value: b.include },
      extend: { ok: true, value: b.extend },
      cursor: { ok: true, value: b.cursor },
      as_of: b.as_of,
      ids: b.ids,
      keys: Object.keys(b),
    };
    const ids = Array.isArray(b.ids) ? strings(b.ids) : undefined;
    return finishEntity(base, ids, params, entityParamProblems(params, "body"));
  }
  return base;
}

function finishEntity(
  base: RequestView,
  ids: string[] | undefined,
  params: {
    dataset: unknown;
    include: { value?: unknown };
    extend: { value?: unknown };
    cursor: { value?: unknown };
    as_of?: unknown;
  },
  problems: string[],
): RequestView {
  // Built in place (no spreads): this runs once for every exchange judged under load.
  if (ids) base.ids = ids;
  if (typeof params.dataset === "string") base.dataset = params.dataset;
  base.include = strings(params.include.value);
  base.extend = strings(params.extend.value);
  base.cursor = params.cursor.value ?? null;
  if (typeof params.as_of === "string") base.asOf = params.as_of;
  base.problems = problems;
  return base;
}

function decodeResolve(base: RequestView, query: Record<string, string>): RequestView {
  const limitText = query.limit;
  const limit = limitText === undefined ? 10 : /^\d+$/.test(limitText) ? Number(limitText) : undefined;
  if (query.query !== undefined) base.query = query.query;
  if (limit !== undefined) base.limit = limit;
  base.problems = resolveParamProblems(query, parseJsonParam(query.types));
  return base;
}

/** The node id of `GET /entities/{id}`: the path segment after `/entities/`, percent-decoded. */
export function decodePathId(path: string): string | undefined {
  const match = /^\/entities\/([^?#]*)/.exec(path);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}
