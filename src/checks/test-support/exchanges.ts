/**
 * Builders of recorded exchanges for tests, docs examples and the validation benchmark: valid by
 * construction (they pass every check), so a test seeds exactly one violation on top.
 */
import type { Exchange, OperationId, RecordedResponse } from "../../transport/exchange.js";
import { fullOrgPayload, type Json, orgNr, subunit } from "./payloads.js";

export type { Json } from "./payloads.js";
export { orgNr } from "./payloads.js";

const BASE_URL = "http://127.0.0.1:8080/v1";

/** A JSON response as the transport records it. */
export function respond(json: unknown, status = 200, headers: Record<string, string> = {}): RecordedResponse {
  const bodyText = JSON.stringify(json);
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
    bodyText,
    json,
    durationMs: 5,
  };
}

/** An exchange with the same request and a response whose JSON was changed by `edit` (on a deep copy). */
export function mutate(exchange: Exchange, edit: (json: Json) => void, status?: number): Exchange {
  const r = exchange.response;
  if (!r) return exchange;
  const json = structuredClone(r.json) as Json;
  edit(json);
  return { ...exchange, response: { ...respond(json, status ?? r.status), headers: { ...r.headers } } };
}

/** An envelope around `data` with valid defaults (contract cb/v1, Response envelope). */
export function envelope(data: unknown, over: Partial<Record<string, unknown>> = {}): Json {
  return {
    contract: "cb/v1",
    request_id: "2f1d8c9e-3b7a-4c2e-9f1a-6d5e4c3b2a10",
    as_of: "2026-11-21T12:00:00Z",
    data,
    entities: [],
    evidence: [],
    coverage: { requested: [], missing: [], reason: null },
    truncated: false,
    cursor: null,
    next_hint: null,
    cost: { units: 0, unit_type: "record", credits_charged: 0, credits_reserved: 0, balance: 100 },
    warnings: [],
    ...over,
  };
}

/** A recorded request for `operation`. */
export function request(method: string, path: string, query: Record<string, string> = {}, body?: unknown) {
  const headers: Record<string, string> = { authorization: "Bearer <redacted>" };
  if (body !== undefined) headers["content-type"] = "application/json";
  return {
    method,
    baseUrl: BASE_URL,
    path,
    query,
    headers,
    ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
  };
}

/** An exchange of `operation` with a JSON response. */
export function exchange(
  operation: OperationId,
  req: ReturnType<typeof request>,
  response: RecordedResponse,
): Exchange {
  return { operation, request: req, response };
}

/** A valid resolve exchange with `count` candidates for `limit` (omitted from the query when undefined). */
export function resolveExchange(count = 3, limit?: number): Exchange {
  const data = Array.from({ length: count }, (_, i) => ({
    id: `cb:org:${orgNr(i)}`,
    type: "org",
    name: `Firma ${i} AS`,
    score: 10 - i / 10,
  }));
  const query: Record<string, string> = { query: "Firma" };
  if (limit !== undefined) query.limit = String(limit);
  const env = envelope(data, {
    entities: data.map((c) => c.id),
    coverage: { requested: ["Firma"], missing: [], reason: null },
  });
  return exchange("resolve", request("GET", "/resolve", query), respond(env));
}

/** One org node (full payload; signing fields only when `single`). */
export function orgNode(i: number, single = false): Json {
  return {
    id: `cb:org:${orgNr(i)}`,
    type: "org",
    name: `Firma ${i} AS`,
    payload: fullOrgPayload(i, single),
    active_predicates: { HAS_ROLE: 2 },
  };
}

/** Options of an entity-read exchange. */
export interface EntityOptions {
  orgs?: number;
  edges?: number;
  extend?: string[];
  include?: string[];
  subunits?: number;
  dataset?: "basic" | "influencer";
  missing?: number;
}

const ALL_EXTENSIONS = ["financial_history", "subunits", "web_identities", "group_parent"];

/**
 * A valid POST /entities/batch exchange. Defaults: the maximum-size read (100 orgs with full payloads,
 * 50 HAS_ROLE edges, all four extensions with 30 financial rows, 50 sub-units and 10 web identities each).
 */
export function batchExchange(options: EntityOptions = {}): Exchange {
  const {
    orgs = 100,
    edges = 50,
    extend = ALL_EXTENSIONS,
    include = ["HAS_ROLE"],
    subunits = 50,
    missing = 0,
  } = options;
  const nodes = Array.from({ length: orgs }, (_, i) => orgNode(i, orgs === 1 && missing === 0));
  const missingIds = Array.from({ length: missing }, (_, i) => `cb:org:${orgNr(900 + i)}`);
  const ids = [...nodes.map((n) => n.id as string), ...missingIds];
  const edgeList = Array.from({ length: edges }, (_, i) => ({
    id: i + 1,
    src: `cb:org:${orgNr(i % orgs)}`,
    dst: `cb:person:p${i}`,
    predicate: "HAS_ROLE",
    props: { role: "Styreleder", role_code: "LEDE", source: "register" },
    confidence: 0.9,
    evidence_id: 1000 + i,
    valid_from: "2020-01-01T00:00:00Z",
    valid_to: null,
    recorded_at: "2026-01-01T00:00:00Z",
  }));
  // Each node counts the relations this page delivers, so the page is complete (`truncated` false holds).
  for (const node of nodes) {
    const touching = edgeList.filter((e) => e.src === node.id || e.dst === node.id).length;
    node.active_predicates = { HAS_ROLE: touching };
  }
  const data: Json = { entities: nodes, edges: edgeList };
  if (extend.length > 0) data.extensions = extensionsFor(nodes.length, extend, subunits);
  const env = envelope(data, {
    entities: [...ids.slice(0, orgs), ...edgeList.map((e) => e.dst)],
    coverage: { requested: ids, missing: missingIds, reason: null },
    // Nodes, edges and extensions count as records (Limits rule 1): one per node and edge, one per org's extensions.
    cost: {
      units: orgs + edges + (extend.length > 0 ? orgs : 0),
      unit_type: "record",
      credits_charged: 0,
      credits_reserved: 0,
      balance: 100,
    },
  });
  const body: Json = { ids };
  if (include.length > 0) body.include = include;
  if (extend.length > 0) body.extend = extend;
  return exchange("entity-batch", request("POST", "/entities/batch", {}, body), respond(env));
}

function extensionsFor(orgs: number, extend: string[], subunits: number): Json {
  const ext: Record<string, Json> = {};
  for (const name of extend) ext[name] = {};
  for (let i = 0; i < orgs; i++) {
    const nr = orgNr(i);
    if (ext.financial_history)
      ext.financial_history[nr] = Array.from({ length: 30 }, (_, y) => financialRow(2025 - y));
    if (ext.subunits) ext.subunits[nr] = Array.from({ length: subunits }, (_, s) => subunit(nr, s));
    if (ext.web_identities) ext.web_identities[nr] = Array.from({ length: 10 }, (_, w) => webIdentity(i, w));
    if (ext.group_parent)
      ext.group_parent[nr] =
        i % 2 ? null : { id: "cb:org:999999999", org_nr: "999999999", depth: 2, name: "Topp AS" };
  }
  return ext;
}

function financialRow(year: number): Json {
  return {
    fiscal_year: year,
    revenue: 1e6,
    operating_costs: 8e5,
    operating_result: 2e5,
    result_before_tax: 1.9e5,
    net_result: 1.5e5,
    total_assets: 3e6,
    total_equity: 1e6,
    total_debt: 2e6,
    source: "provider",
  };
}

function webIdentity(i: number, w: number): Json {
  return {
    identity_type: "website",
    normalized_identifier: `firma${i}-${w}.no`,
    display_name: `Firma ${i}`,
    full_url: `https://firma${i}-${w}.no/`,
    is_primary: w === 0,
    site_kind: "company_site",
    site_status: "live",
  };
}

/** A valid GET /entities/{id} exchange for one org (signing fields included, as one org was asked for). */
export function getExchange(query: Record<string, string> = {}): Exchange {
  const node = orgNode(0, true);
  const env = envelope(
    { entities: [node], edges: [] },
    { entities: [node.id], coverage: { requested: [node.id], missing: [], reason: null } },
  );
  return exchange(
    "entity-get",
    request("GET", `/entities/${encodeURIComponent(node.id as string)}`, query),
    respond(env),
  );
}

/** A valid influencer read with `count` identity nodes, charged 1 credit each. */
export function influencerExchange(count = 2): Exchange {
  const nodes = Array.from({ length: count }, (_, i) => ({
    id: `cb:identity:instagram:user_${i}`,
    type: "identity",
    name: `User ${i}`,
    payload: {
      username: `user_${i}`,
      full_name: `User ${i}`,
      followers_count: 10,
      following_count: 5,
      posts_count: 3,
      is_private: false,
    },
  }));
  const ids = nodes.map((n) => n.id);
  const env = envelope(
    { entities: nodes },
    {
      entities: ids,
      coverage: { requested: ids, missing: [], reason: null },
      cost: {
        units: count,
        unit_type: "premium_record",
        credits_charged: count,
        credits_reserved: 0,
        balance: 50,
      },
    },
  );
  return exchange(
    "entity-batch",
    request("POST", "/entities/batch", {}, { ids, dataset: "influencer" }),
    respond(env),
  );
}

/** An error exchange: `{"error": {...}}` with `status` and headers. */
export function errorExchange(
  operation: OperationId,
  status: number,
  error: Json,
  headers: Record<string, string> = {},
): Exchange {
  const req =
    operation === "resolve"
      ? request("GET", "/resolve", { query: "x" })
      : request("GET", operation === "me" ? "/me" : "/entities/cb%3Aorg%3A123456789");
  return exchange(operation, req, respond({ error }, status, headers));
}

/** The same exchange with its request body replaced (JSON-encoded), e.g. to change `extend`. */
export function withBody(x: Exchange, body: unknown): Exchange {
  return { ...x, request: { ...x.request, body: JSON.stringify(body) } };
}

/** A small valid batch read (3 orgs, 2 edges, all extensions, 3 sub-units each) for quick examples. */
export function smallBatch(options: EntityOptions = {}): Exchange {
  return batchExchange({ orgs: 3, edges: 2, subunits: 3, ...options });
}
