/**
 * What the runner reads of a response besides the checks: the credits it charged and the balance it reports
 * (Resources: `cost.credits_charged`, `cost.balance`; Other operations: `/me` `credential.credits`), and what
 * it showed, for the report's `coverage.seen` (statuses, error codes, node types, predicates, extensions).
 * Here, not in the runner, because the judging worker reads them too when it decodes a body the main thread
 * never decoded (a long sequential `schema` round): the same reading in both places.
 */
import type { Exchange } from "../../transport/exchange.js";
import { isObject, objectAt } from "./json.js";

/** The five tallies of the report's `coverage.seen`. */
export type SeenKind = "statuses" | "errorCodes" | "nodeTypes" | "predicates" | "extensions";

/** Things a response showed, with how often (a batch shows the same node type many times). */
export type SeenEntry = [kind: SeenKind, key: string, count: number];

/** What the runner reads of one response (`responseFacts`). */
export interface ResponseFacts {
  seen: SeenEntry[];
  charged?: number;
  balance?: number;
}

function finiteNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** The balance a 200 reports for the key used: `cost.balance` of an envelope, `credential.credits` of `/me`. */
export function balanceIn(exchange: Exchange): number | undefined {
  const response = exchange.response;
  if (response?.status !== 200) return undefined;
  const json = response.json;
  if (!isObject(json)) return undefined;
  if (exchange.operation === "me") return finiteNumber(objectAt(json, "credential")?.credits);
  return finiteNumber(objectAt(json, "cost")?.balance);
}

/** `cost.credits_charged` of a 200 envelope, or undefined when the response has none. */
export function chargedIn(exchange: Exchange): number | undefined {
  if (exchange.response?.status !== 200) return undefined;
  return finiteNumber(objectAt(exchange.response.json, "cost")?.credits_charged);
}

/** Tells `see` each thing one response showed (no response: nothing), in the order read. */
export function seenIn(exchange: Exchange, see: (kind: SeenKind, key: string) => void): void {
  const res = exchange.response;
  if (!res) return;
  see("statuses", String(res.status));
  const body = res.json;
  if (!isObject(body)) return;
  const code = objectAt(body, "error")?.code;
  if (typeof code === "string") see("errorCodes", code);
  const data = body.data;
  // resolve: `data` is the candidate list; entity reads: `data.entities`, `data.edges`, `data.extensions`.
  const nodes = Array.isArray(data)
    ? data
    : isObject(data) && Array.isArray(data.entities)
      ? data.entities
      : [];
  for (const node of nodes) {
    if (!isObject(node)) continue;
    if (typeof node.type === "string") see("nodeTypes", node.type);
    const active = node.active_predicates;
    if (isObject(active)) for (const predicate of Object.keys(active)) see("predicates", predicate);
  }
  if (!isObject(data)) return;
  if (Array.isArray(data.edges))
    for (const edge of data.edges)
      if (isObject(edge) && typeof edge.predicate === "string") see("predicates", edge.predicate);
  if (isObject(data.extensions)) for (const name of Object.keys(data.extensions)) see("extensions", name);
}

/** Everything above, for one response. */
export function responseFacts(exchange: Exchange): ResponseFacts {
  const counts = new Map<string, SeenEntry>();
  seenIn(exchange, (kind, key) => {
    const id = `${kind}\u0000${key}`;
    const entry = counts.get(id);
    if (entry) entry[2]++;
    else counts.set(id, [kind, key, 1]);
  });
  const facts: ResponseFacts = { seen: [...counts.values()] };
  const charged = chargedIn(exchange);
  if (charged !== undefined) facts.charged = charged;
  const balance = balanceIn(exchange);
  if (balance !== undefined) facts.balance = balance;
  return facts;
}
