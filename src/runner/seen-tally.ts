/**
 * What the responses of a run held, for the coverage section: statuses, error codes, node types, predicates
 * (of delivered edges and of `active_predicates`) and extensions. A rule passing on data that never showed a
 * predicate or an extension says little; this shows what the run actually saw.
 */
import type { Exchange } from "../transport/exchange.js";

/** The five tallies of the report's `coverage.seen`. */
export interface SeenValues {
  statuses: Record<string, number>;
  errorCodes: Record<string, number>;
  nodeTypes: Record<string, number>;
  predicates: Record<string, number>;
  extensions: Record<string, number>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (typeof v === "string" ? [v] : []);

/** Counts what recorded responses held; fed by the engine with every exchange it receives. */
export class SeenTally {
  readonly #seen: SeenValues = {
    statuses: {},
    errorCodes: {},
    nodeTypes: {},
    predicates: {},
    extensions: {},
  };

  /** Adds one exchange (no response: nothing seen). */
  add(exchange: Exchange): void {
    const res = exchange.response;
    if (!res) return;
    this.#bump("statuses", String(res.status));
    const body = res.json;
    if (!isObj(body)) return;
    if (isObj(body.error)) for (const code of strings(body.error.code)) this.#bump("errorCodes", code);
    const data = body.data;
    // resolve: `data` is the candidate list; entity reads: `data.entities`, `data.edges`, `data.extensions`.
    const nodes = Array.isArray(data)
      ? data
      : isObj(data) && Array.isArray(data.entities)
        ? data.entities
        : [];
    for (const node of nodes) {
      if (!isObj(node)) continue;
      for (const type of strings(node.type)) this.#bump("nodeTypes", type);
      if (isObj(node.active_predicates))
        for (const predicate of Object.keys(node.active_predicates)) this.#bump("predicates", predicate);
    }
    if (!isObj(data)) return;
    if (Array.isArray(data.edges))
      for (const edge of data.edges)
        if (isObj(edge)) for (const p of strings(edge.predicate)) this.#bump("predicates", p);
    if (isObj(data.extensions))
      for (const name of Object.keys(data.extensions)) this.#bump("extensions", name);
  }

  /** The tallies, keys sorted (stable reports). */
  values(): SeenValues {
    const sorted = (t: Record<string, number>) =>
      Object.fromEntries(Object.entries(t).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    const s = this.#seen;
    return {
      statuses: sorted(s.statuses),
      errorCodes: sorted(s.errorCodes),
      nodeTypes: sorted(s.nodeTypes),
      predicates: sorted(s.predicates),
      extensions: sorted(s.extensions),
    };
  }

  #bump(kind: keyof SeenValues, key: string): void {
    const t = this.#seen[kind];
    t[key] = (t[key] ?? 0) + 1;
  }
}
