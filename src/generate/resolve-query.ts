/** `query` for GET /resolve: a fixture query, a prefix of one, or a random name (1..300 characters). */
import fc from "fast-check";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { BOUNDS } from "./bounds.js";
import { companyName } from "./company-name.js";

/** Valid `query` values, drawn from what the target is known to hold where possible. */
export function resolveQuery(fixtures: TargetFixtures): fc.Arbitrary<string> {
  const { min, max } = BOUNDS.queryLength;
  // Queries whose length the contract allows; a fixture file may hold longer ones.
  const known = [...new Set(fixtures.resolve_queries)].filter((q) => q.length >= min && q.length <= max);
  if (known.length === 0) return companyName();
  const exact = fc.constantFrom(...known);
  // A prefix of 1..length characters: built from a length, so it is never empty.
  const prefix = exact.chain((q) => fc.integer({ min, max: q.length }).map((n) => q.slice(0, n)));
  return fc.oneof(
    { arbitrary: exact, weight: 3 },
    { arbitrary: prefix, weight: 2 },
    { arbitrary: companyName(), weight: 1 },
  );
}
