/**
 * What the responses of a run held, for the coverage section: statuses, error codes, node types, predicates
 * (of delivered edges and of `active_predicates`) and extensions. A rule passing on data that never showed a
 * predicate or an extension says little; this shows what the run actually saw.
 */
import { type SeenEntry, type SeenKind, seenIn } from "../checks/support/response-facts.js";
import type { Exchange } from "../transport/exchange.js";

/** The five tallies of the report's `coverage.seen`. */
export type SeenValues = Record<SeenKind, Record<string, number>>;

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
    seenIn(exchange, (kind, key) => this.#bump(kind, key, 1));
  }

  /** Adds what the judging worker read of a response it decoded (`ResponseFacts.seen`). */
  addEntries(entries: readonly SeenEntry[]): void {
    for (const [kind, key, count] of entries) this.#bump(kind, key, count);
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

  #bump(kind: SeenKind, key: string, count: number): void {
    const t = this.#seen[kind];
    t[key] = (t[key] ?? 0) + count;
  }
}
