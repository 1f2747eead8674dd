/** Node ids for entity reads: known, organisation, sub-unit and missing fixture ids, or generated missing ones. */
import fc from "fast-check";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { BOUNDS } from "./bounds.js";
import { missingOrgId } from "./missing-org-id.js";
import { characterCount } from "./text-units.js";
import { unknownNodeId } from "./unknown-id.js";

/** Fixture ids of the basic dataset whose length the batch rule (3..300 characters) allows. */
export function basicFixtureIds(fixtures: TargetFixtures): string[] {
  const { min, max } = BOUNDS.idLength;
  const all = [...fixtures.known_ids, ...fixtures.org_ids, ...fixtures.subunit_ids, ...fixtures.missing_ids];
  return [...new Set(all)].filter((id) => {
    const n = characterCount(id);
    return n >= min && n <= max;
  });
}

/** An unknown id: a well-formed organisation id, or any other shape the contract allows. */
export function unknownId(): fc.Arbitrary<string> {
  return fc.oneof(missingOrgId(), unknownNodeId());
}

/** An id to read with the basic dataset: mostly from fixtures, sometimes a generated unknown id. */
export function entityId(fixtures: TargetFixtures): fc.Arbitrary<string> {
  const ids = basicFixtureIds(fixtures);
  if (ids.length === 0) return unknownId();
  return fc.oneof({ arbitrary: fc.constantFrom(...ids), weight: 4 }, { arbitrary: unknownId(), weight: 1 });
}
