/**
 * What a comparison found, tallied pair by pair: pairs compared per operation, and per kind and operation
 * the count of differences with the first few as counterexamples. Each example is made bounded as it comes
 * (values cut to text, no body kept), so that a candidate answering huge or deeply nested bodies costs the
 * tally nothing and no later step renders a hostile value whole.
 */
import { renderJson } from "../../bounded-json.js";
import { curlRequestOf, toCurl } from "../../report/curl.js";
import type { Counterexample } from "../../report/model.js";
import type { Exchange } from "../../transport/exchange.js";
import type { Difference } from "./classify.js";

/** Example pairs kept per kind and operation. */
const EXAMPLES = 3;

/** Characters of a compared value kept in an example (the report's own bound cuts its text again). */
const SHOWN = 500;

/** One difference as the report lists it: its values bounded. */
export interface ShownDifference {
  what: string;
  pointer?: string;
  base?: unknown;
  candidate?: unknown;
}

/** The differences of one kind on one operation: how many, and the first few. */
export interface Found {
  differences: number;
  examples: { difference: ShownDifference; counterexample: Counterexample }[];
}

/** A compared value as a report shows it: a scalar as it is, a long string or a container cut to text. */
export function shownValue(v: unknown): unknown {
  if (typeof v === "string") return v.length > SHOWN ? `${v.slice(0, SHOWN)}…` : v;
  return v !== null && typeof v === "object" ? renderJson(v, SHOWN) : v;
}

/** The candidate's side of a difference as a reproducible counterexample (`Expected: base: …`). */
function counterexample(d: ShownDifference, ex: Exchange): Counterexample {
  const request = curlRequestOf(ex.request);
  const show = (v: unknown) =>
    v === undefined ? undefined : typeof v === "string" ? v : renderJson(v, SHOWN);
  const base = show(d.base);
  const candidate = show(d.candidate);
  return {
    title: d.what,
    ...(d.pointer ? { pointer: d.pointer } : {}),
    ...(base !== undefined ? { expected: `base: ${base}` } : {}),
    ...(candidate !== undefined ? { received: `candidate: ${candidate}` } : {}),
    request,
    ...(ex.response ? { status: ex.response.status } : {}),
    curl: toCurl(request),
  };
}

/** Pairs compared and differences found, per operation. */
export class CompareTally {
  /** Pairs compared per operation. */
  readonly pairs = new Map<string, number>();
  /** Pairs per operation that neither release answered: nothing was compared. */
  readonly unanswered = new Map<string, number>();
  readonly #found = new Map<string, Found>();
  readonly #operations = new Set<string>();

  /** Adds the differences of one compared pair; `candidate` is the candidate's exchange. */
  add(operation: string, differences: readonly Difference[], candidate: Exchange): void {
    this.#operations.add(operation);
    this.pairs.set(operation, (this.pairs.get(operation) ?? 0) + 1);
    for (const d of differences) {
      const key = `${d.kind}\u0000${operation}`;
      const slot = this.#found.get(key) ?? { differences: 0, examples: [] };
      slot.differences++;
      if (slot.examples.length < EXAMPLES) {
        const difference: ShownDifference = {
          what: d.what,
          ...(d.pointer !== undefined ? { pointer: d.pointer } : {}),
          ...(d.base !== undefined ? { base: shownValue(d.base) } : {}),
          ...(d.candidate !== undefined ? { candidate: shownValue(d.candidate) } : {}),
        };
        slot.examples.push({ difference, counterexample: counterexample(difference, candidate) });
      }
      this.#found.set(key, slot);
    }
  }

  /** Notes a pair that neither release answered. */
  addUnanswered(operation: string): void {
    this.#operations.add(operation);
    this.unanswered.set(operation, (this.unanswered.get(operation) ?? 0) + 1);
  }

  /** The differences of `kind` on `operation`, if any. */
  found(kind: Difference["kind"], operation: string): Found | undefined {
    return this.#found.get(`${kind}\u0000${operation}`);
  }

  /** Every kind and operation with differences, keyed as `details.differences` lists them ("breaking resolve"). */
  entries(): [string, Found][] {
    return [...this.#found].map(([key, slot]) => [key.replace("\u0000", " "), slot]);
  }

  /** Every operation with a pair sent, compared or not, in the order first seen. */
  operations(): string[] {
    return [...this.#operations];
  }
}
