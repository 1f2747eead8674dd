import { describe, expect, it } from "vitest";
import { type SchemaViolation, schemaNames, validateAs } from "./registry.js";
import {
  CONTRACT_SCHEMAS,
  fixtureSchemaNames,
  type InvalidFixture,
  invalidFixtures,
  validFixtures,
} from "./test-support/schema-fixtures.js";

/** Keywords that wrap the real failure and so may also report at an ancestor of the expected pointer. */
const WRAPPERS = new Set([
  "anyOf",
  "oneOf",
  "allOf",
  "discriminator",
  "propertyNames",
  "if",
  "then",
  "else",
  "not",
]);

const names = fixtureSchemaNames();
const valid = names.flatMap(validFixtures);
const invalid = names.flatMap(invalidFixtures);

function isAncestor(ancestor: string, pointer: string): boolean {
  return pointer.startsWith(`${ancestor}/`);
}

/** Violations that are neither the expected one's place nor a wrapper above it: proof of a second fault. */
function strayViolations(fixture: InvalidFixture, violations: SchemaViolation[]): SchemaViolation[] {
  const { pointer } = fixture.expect;
  return violations.filter(
    (v) => v.pointer !== pointer && !(isAncestor(v.pointer, pointer) && WRAPPERS.has(v.keyword)),
  );
}

describe("schema fixtures", () => {
  it("exist for every contract schema, and only for known schemas", () => {
    for (const name of CONTRACT_SCHEMAS) {
      expect(validFixtures(name).length, `${name} valid`).toBeGreaterThan(0);
      expect(invalidFixtures(name).length, `${name} invalid`).toBeGreaterThan(0);
    }
    expect(names.filter((n) => !schemaNames().includes(n))).toEqual([]);
  });

  it.each(valid.map((f) => [f.file, f] as const))("valid: %s", (_file, fixture) => {
    expect(validateAs(fixture.schema, fixture.value)).toEqual([]);
  });

  it.each(invalid.map((f) => [f.file, f] as const))("invalid: %s", (_file, fixture) => {
    const violations = validateAs(fixture.schema, fixture.value);
    const hit = violations.some(
      (v) => v.pointer === fixture.expect.pointer && v.keyword === fixture.expect.keyword,
    );
    expect(hit, `${fixture.description}\n${JSON.stringify(violations, null, 1)}`).toBe(true);
    expect(strayViolations(fixture, violations)).toEqual([]);
  });
});
