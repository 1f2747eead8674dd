/**
 * The schemas embedded in the OpenAPI document judge like schemas/ itself: every valid schema fixture passes,
 * every invalid one fails (compiled with ajv 2020, strict). And the embedding refuses what it cannot embed.
 */
import { describe, expect, it } from "vitest";
import { getSchema, type SchemaName } from "../contract/registry.js";
import { readSchemaFiles, type SchemaFile } from "../contract/schema-files.js";
import {
  CONTRACT_SCHEMAS,
  invalidFixtures,
  validFixtures,
} from "../contract/test-support/schema-fixtures.js";
import { embedSchemas } from "./components.js";
import { buildOpenApiDocument } from "./document.js";
import { componentCompiler } from "./test-support/compile-components.js";

const document = buildOpenApiDocument() as unknown as {
  components: { schemas: Record<string, unknown> };
  paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
};
const compiler = componentCompiler(document);
// Every contract file embedded, used or not: the components the document leaves out are judged here.
const contractFiles = readSchemaFiles().filter((f) =>
  (CONTRACT_SCHEMAS as readonly string[]).includes(f.name),
);
const allCompiler = componentCompiler({ components: { schemas: embedSchemas(contractFiles).schemas } });
const componentOf = (schema: SchemaName) => getSchema(schema).title as string;

describe("components/schemas of the OpenAPI document", () => {
  it.each(CONTRACT_SCHEMAS.map((s) => [s]))(
    "%s accepts its valid fixtures and rejects its invalid ones",
    (name) => {
      const inDocument = document.components.schemas[componentOf(name)] !== undefined;
      const validate = (inDocument ? compiler : allCompiler).component(componentOf(name));
      const valid = validFixtures(name);
      const invalid = invalidFixtures(name);
      expect(valid.length).toBeGreaterThan(0);
      expect(invalid.length).toBeGreaterThan(0);
      for (const fixture of valid) expect(validate(fixture.value), fixture.file).toBe(true);
      for (const fixture of invalid) expect(validate(fixture.value), fixture.file).toBe(false);
    },
  );

  it("leaves out only the components nothing uses: the request schemas read into parameters, $defs holders", () => {
    const left = Object.keys(embedSchemas(contractFiles).schemas).filter(
      (n) => !(n in document.components.schemas),
    );
    expect(left.sort()).toEqual(["EntityGetRequest", "Identifiers", "Numeric", "ResolveRequest"]);
    const parameters = (path: string) => (document.paths[path].get.parameters ?? []).map((p) => p.name);
    expect(parameters("/resolve")).toEqual(Object.keys(getSchema("resolve-request").properties as object));
    expect(parameters("/entities/{id}")).toEqual(
      Object.keys(getSchema("entity-get-request").properties as object),
    );
    // What the $defs holders define is used, as components of its own.
    expect(document.components.schemas.NodeId).toBeDefined();
  });

  it("names every $defs entry as its own component and points every $ref inside the document", () => {
    const text = JSON.stringify(document.components.schemas);
    expect(document.components.schemas.OrgNode).toBeDefined();
    expect(document.components.schemas.NodeId).toMatchObject({ pattern: "^cb:[^:]+:.+$" });
    const refs = [...text.matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of refs) expect(ref).toMatch(/^#\/components\/schemas\/[A-Za-z0-9._-]+(\/.*)?$/);
    expect(text).not.toMatch(/"\$id"|"\$schema"|"\$defs"|"tsType"/);
  });

  it("keeps a property whose name is a dropped keyword, and data that looks like a $ref", () => {
    const file: SchemaFile = {
      name: "thing",
      path: "thing.schema.json",
      schema: {
        $id: "https://example.test/thing.schema.json",
        title: "Thing",
        properties: { $id: { type: "string" }, tsType: { const: { $ref: "#/not-a-ref" } } },
      },
    };
    const { schemas } = embedSchemas([file]);
    expect(schemas.Thing).toEqual({
      title: "Thing",
      properties: { $id: { type: "string" }, tsType: { const: { $ref: "#/not-a-ref" } } },
    });
  });

  it("refuses a $ref that leaves the embedded files, a clash of titles and a missing title", () => {
    const file = (name: string, schema: Record<string, unknown>): SchemaFile => ({
      name,
      path: `${name}.schema.json`,
      schema: { $id: `https://example.test/${name}.schema.json`, ...schema },
    });
    expect(() => embedSchemas([file("a", { title: "A", $ref: "https://elsewhere.test/x.json" })])).toThrow(
      /leaves the embedded schemas/,
    );
    expect(() => embedSchemas([file("a", { title: "A" }), file("b", { title: "A" })])).toThrow(/used twice/);
    expect(() => embedSchemas([file("a", { title: "not a name" })])).toThrow(/needs a title/);
  });

  it("rewrites refs between files, to a file's $defs and relative refs", () => {
    const files: SchemaFile[] = [
      {
        name: "ids",
        path: "ids.schema.json",
        schema: {
          $id: "https://example.test/ids.schema.json",
          title: "Ids",
          $defs: { one: { title: "One" } },
        },
      },
      {
        name: "user",
        path: "user.schema.json",
        schema: {
          $id: "https://example.test/user.schema.json",
          title: "User",
          properties: {
            a: { $ref: "https://example.test/ids.schema.json#/$defs/one" },
            b: { $ref: "ids.schema.json" },
            c: { $ref: "#/properties/a" },
          },
        },
      },
    ];
    const { schemas } = embedSchemas(files);
    expect(schemas.User).toEqual({
      title: "User",
      properties: {
        a: { $ref: "#/components/schemas/One" },
        b: { $ref: "#/components/schemas/Ids" },
        c: { $ref: "#/components/schemas/User/properties/a" },
      },
    });
  });
});
