/** The shape of a named mutation and small constructors shared by the negative-case lists. */
import type { PlannedRequest } from "../vocabulary/planned-request.js";

/** What the contract requires of the response to a case. */
export type NegativeExpectation =
  | { status: 200 }
  | { status: 400; code: "invalid_arguments" }
  | { status: 413 };

/**
 * One named mutation at or just past a contract bound. At-bound cases expect 200; past-bound cases expect
 * 400 `invalid_arguments` ("Invalid bounded arguments or query (too many ids, unknown extension, wrong
 * format)", Errors) or 413 ("Request bodies above the operation limit give 413", POST /entities/batch).
 */
export interface NegativeCase {
  /** Stable kebab-case name, e.g. `resolve-query-length-301`. */
  name: string;
  /** The bound probed, e.g. `query length 1..300`. */
  bound: string;
  request: PlannedRequest;
  expect: NegativeExpectation;
  /** The contract sentence that sets the bound, quoted. */
  sentence: string;
  /** Contract section of the sentence. */
  section: string;
}

/** A case inside the bound: 200. */
export const accepted: NegativeExpectation = { status: 200 };

/** A case past the bound: 400 `invalid_arguments`. */
export const rejected: NegativeExpectation = { status: 400, code: "invalid_arguments" };

/** `n` distinct predicate-like names, `HAS_ROLE` first (the one name the contract shows). */
export function predicateNames(n: number): string[] {
  return Array.from({ length: n }, (_, i) => (i === 0 ? "HAS_ROLE" : `PREDICATE_${i}`));
}

/** `n` cursor items alternating string and number. */
export function cursorItems(n: number): (string | number)[] {
  return Array.from({ length: n }, (_, i) => (i % 2 === 0 ? `c${i}` : i + 1));
}
