/**
 * `query` for GET /resolve: a fixture query, a prefix of one, a random name, or text of any characters
 * (multi-byte, astral, combining, reserved) near either bound — 1..300 characters, counted as code points.
 */
import fc from "fast-check";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { BOUNDS } from "./bounds.js";
import { companyName } from "./company-name.js";
import { boundedText, characterCount } from "./text-units.js";

/** Valid `query` values, drawn from what the target is known to hold where possible. */
export function resolveQuery(fixtures: TargetFixtures): fc.Arbitrary<string> {
  const { min, max } = BOUNDS.queryLength;
  // Queries whose length the contract allows; a fixture file may hold longer ones.
  const known = [...new Set(fixtures.resolve_queries)].filter((q) => {
    const n = characterCount(q);
    return n >= min && n <= max;
  });
  const anyText = boundedText(min, max);
  if (known.length === 0)
    return fc.oneof({ arbitrary: companyName(), weight: 2 }, { arbitrary: anyText, weight: 1 });
  const exact = fc.constantFrom(...known);
  // A prefix of 1..length characters (code points, never a split surrogate pair), so it is never empty.
  const prefix = exact.chain((q) => {
    const chars = [...q];
    return fc.integer({ min, max: chars.length }).map((n) => chars.slice(0, n).join(""));
  });
  return fc.oneof(
    { arbitrary: exact, weight: 3 },
    { arbitrary: prefix, weight: 2 },
    { arbitrary: companyName(), weight: 1 },
    { arbitrary: anyText, weight: 1 },
  );
}
