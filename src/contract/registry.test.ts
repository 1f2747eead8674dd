import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HarnessError } from "../errors.js";
import { getSchema, isValidAs, schemaNames, validateAs } from "./registry.js";
import { createSchemaRegistry } from "./schema-registry.js";
import { CONTRACT_SCHEMAS, validFixtures } from "./test-support/schema-fixtures.js";

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof HarnessError ? error.code : `not a HarnessError: ${String(error)}`;
  }
  return undefined;
}

describe("registry", () => {
  it("loads every schema file, and each contract schema names its $id, title and contract section", () => {
    expect(schemaNames()).toEqual(expect.arrayContaining([...CONTRACT_SCHEMAS]));
    for (const name of CONTRACT_SCHEMAS) {
      const schema = getSchema(name);
      expect(schema.$id).toBe(`https://cbcheck.dev/schemas/${name}.schema.json`);
      expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(typeof schema.title).toBe("string");
      expect(String(schema.description)).toMatch(/^Contract cb\/v1, /);
    }
  });

  it("compiles every schema in schemas/ under strict mode (other layers' schemas too)", () => {
    for (const name of schemaNames()) {
      expect(() => validateAs(name, {}), name).not.toThrow();
      // An array is no schema's root shape, so this also compiles the error-collecting validator.
      expect(validateAs(name, [[]]).length, name).toBeGreaterThan(0);
    }
  });

  it("rejects an unknown schema name with CB_UNKNOWN_SCHEMA", () => {
    // @ts-expect-error: a name outside the SchemaName union does not compile; at run time it is refused.
    expect(codeOf(() => validateAs("no-such-schema", {}))).toBe("CB_UNKNOWN_SCHEMA");
    // @ts-expect-error: as above.
    expect(codeOf(() => getSchema("no-such-schema"))).toBe("CB_UNKNOWN_SCHEMA");
  });

  it("hands out frozen schemas, so no caller can change what the validator enforces", () => {
    expect(Object.isFrozen(getSchema("envelope"))).toBe(true);
    expect(Object.isFrozen((getSchema("envelope").properties as Record<string, object>).cost)).toBe(true);
  });

  it("collects every violation, with pointer, keyword and the rule's file and place", () => {
    const value = { error: { code: 5, detail: "stack trace" }, status: 500 };
    const violations = validateAs("error", value);
    expect(violations.map((v) => [v.pointer, v.keyword, v.schemaPath])).toEqual(
      expect.arrayContaining([
        ["", "additionalProperties", "error.schema.json#/additionalProperties"],
        ["/error", "additionalProperties", "error.schema.json#/properties/error/additionalProperties"],
        ["/error/code", "type", "error.schema.json#/properties/error/properties/code/type"],
      ]),
    );
    expect(violations.find((v) => v.pointer === "")?.message).toContain('"status"');
    expect(isValidAs("error", value)).toBe(false);
  });

  it("names the file of a rule reached through $ref, and points a bad node type at /type", () => {
    const node = { id: "cb:person:1", type: "person", name: null, payload: { birth_year: "1970" } };
    expect(validateAs("node", node)).toMatchObject([
      {
        pointer: "/payload/birth_year",
        keyword: "type",
        schemaPath: "node.schema.json#/$defs/person-payload/properties/birth_year/type",
      },
    ]);
    expect(validateAs("node", { ...node, type: "company" })).toMatchObject([
      { pointer: "/type", keyword: "discriminator" },
    ]);
    const payload = validateAs("entities-response", {
      ...(validFixtures("entities-response")[0]!.value as object),
      data: { entities: [{ id: "cb:org:923609016", type: "org", name: null, payload: { x: 1 } }], edges: [] },
    });
    expect(payload).toMatchObject([
      { pointer: "/data/entities/0/payload", schemaPath: "org-payload.schema.json#/additionalProperties" },
    ]);
  });

  it("gives the same answer on every call (compiled once, cached)", () => {
    const value = validFixtures("envelope")[0]!.value;
    expect(validateAs("envelope", value)).toEqual([]);
    expect(validateAs("envelope", value)).toEqual([]);
    expect(isValidAs("envelope", value)).toBe(true);
  });
});

describe("createSchemaRegistry over a directory with a broken schema", () => {
  const dir = mkdtempSync(join(tmpdir(), "cbcheck-schemas-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const good = { $schema: "https://json-schema.org/draft/2020-12/schema", type: "string" };
  writeFileSync(join(dir, "good.schema.json"), JSON.stringify(good));
  writeFileSync(join(dir, "strict.schema.json"), JSON.stringify({ ...good, minimumLength: 3 }));
  writeFileSync(join(dir, "dangling.schema.json"), JSON.stringify({ $ref: "https://cbcheck.dev/none.json" }));

  it("still serves the good schemas and reports each bad one as CB_SCHEMA_INVALID when asked", () => {
    const registry = createSchemaRegistry(`${dir}/`);
    expect(registry.schemaNames()).toEqual(["dangling", "good", "strict"]);
    expect(registry.validateAs("good", "x")).toEqual([]);
    expect(registry.validateAs("good", 1)).toMatchObject([{ pointer: "", keyword: "type" }]);
    expect(codeOf(() => registry.validateAs("strict", "x"))).toBe("CB_SCHEMA_INVALID");
    expect(codeOf(() => registry.validateAs("dangling", "x"))).toBe("CB_SCHEMA_INVALID");
  });

  it("reports a directory without JSON as CB_SCHEMA_INVALID and a missing one as CB_SCHEMAS_MISSING", () => {
    const bad = mkdtempSync(join(tmpdir(), "cbcheck-schemas-"));
    writeFileSync(join(bad, "broken.schema.json"), "{ not json");
    expect(codeOf(() => createSchemaRegistry(`${bad}/`))).toBe("CB_SCHEMA_INVALID");
    rmSync(bad, { recursive: true, force: true });
    expect(codeOf(() => createSchemaRegistry(`${bad}/`))).toBe("CB_SCHEMAS_MISSING");
  });
});
