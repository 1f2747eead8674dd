import { describe, expect, it } from "vitest";
import { getSchema, validateAs } from "./registry.js";
import { constraintPlaces } from "./test-support/schema-constraints.js";
import { fixtureSchemaNames, invalidFixtures } from "./test-support/schema-fixtures.js";

/**
 * Rules no value can reach: inside a discriminated `oneOf` the discriminator has already checked that the
 * value is an object and that its tag names this branch, so the branch's own `type` and tag `const` never fail.
 */
const UNREACHABLE = /^node\.schema\.json#\/\$defs\/[a-z-]+-node\/(type|properties\/type\/const)$/;

describe("invalid fixtures", () => {
  it("break every constraint of every schema that has fixtures at least once", () => {
    const names = fixtureSchemaNames();
    const hit = new Set<string>();
    for (const name of names) {
      for (const fixture of invalidFixtures(name)) {
        for (const violation of validateAs(name, fixture.value)) hit.add(violation.schemaPath);
      }
    }
    const places = names.flatMap((name) => constraintPlaces(name, getSchema(name)));
    expect(places.length).toBeGreaterThan(500);
    expect(places.filter((place) => !hit.has(place) && !UNREACHABLE.test(place))).toEqual([]);
  });
});
