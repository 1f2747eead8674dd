/**
 * The canonical form of the request schemas: references resolved across files, preferences kept apart and
 * pushed to the place their values are, an unknown keyword refused (generation must never ignore a rule).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { canonicalSchema, intersect, preferredOf, statedOf } from "./canonical-schema.js";
import { sharedRegistry } from "./registry.js";
import { createSchemaRegistry } from "./schema-registry.js";

describe("canonicalSchema", () => {
  it("resolves a reference into another file and pushes a preference onto the items it is about", () => {
    const types = canonicalSchema(sharedRegistry(), "resolve-request").properties?.types;
    expect(statedOf(types ?? {})).toMatchObject({
      types: ["array", "null"],
      maxItems: 20,
      items: { types: ["string"] },
    });
    expect(statedOf(types ?? {}).items?.enum).toBeUndefined();
    // `x-cbcheck-preferred: {items: {$ref: resolve-candidate#/properties/type}}` lands on the items.
    expect(types?.items?.preferred?.enum).toContain("state_finance_node");
    expect(preferredOf(types ?? {})).toMatchObject({
      uniqueItems: true,
      items: { enum: expect.arrayContaining(["org"]) },
    });
  });

  it("intersects bounds, types and enumerations as allOf does", () => {
    expect(
      intersect(
        { types: ["string", "null"], maxLength: 300 },
        { types: ["string"], maxLength: 40, minLength: 1 },
      ),
    ).toEqual({
      types: ["string"],
      maxLength: 40,
      minLength: 1,
    });
    expect(intersect({ types: ["number"] }, { types: ["integer"] }).types).toEqual(["integer"]);
    expect(intersect({ enum: ["a", "b"] }, { enum: ["b", "c"] }).enum).toEqual(["b"]);
  });

  it("refuses a keyword generation does not know", () => {
    const dir = mkdtempSync(join(tmpdir(), "cbcheck-canonical-"));
    try {
      const schema = {
        $id: "https://cbcheck.dev/schemas/x.schema.json",
        type: "object",
        properties: { a: { type: "string", contentMediaType: "text/plain" } },
      };
      writeFileSync(join(dir, "x.schema.json"), JSON.stringify(schema));
      expect(() => canonicalSchema(createSchemaRegistry(`${dir}/`), "x")).toThrow(
        /keyword "contentMediaType" is not known/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
