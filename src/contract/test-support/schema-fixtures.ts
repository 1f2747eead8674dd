/**
 * Loads fixtures/schemas/<schema>/{valid,invalid}/*.json (format: fixtures/README.md).
 * A malformed invalid fixture is an error here, so a typo cannot turn a case into a silent pass.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { SchemaName } from "../registry.js";

export { CONTRACT_SCHEMAS } from "../contract-schemas.js";

/** fixtures/schemas/ of this repository. */
export const SCHEMA_FIXTURES_DIR: string = fileURLToPath(
  new URL("../../../fixtures/schemas/", import.meta.url),
);

/** A value that must validate against its schema. */
export interface ValidFixture {
  schema: SchemaName;
  file: string;
  value: unknown;
}

/** A value that must fail against its schema at `expect.pointer` with `expect.keyword`. */
export interface InvalidFixture {
  schema: SchemaName;
  file: string;
  description: string;
  expect: { pointer: string; keyword: string };
  value: unknown;
}

/** Schema names that have a fixture directory (src/contract/fixtures.test.ts holds each to a schema file). */
export function fixtureSchemaNames(): SchemaName[] {
  return readdirSync(SCHEMA_FIXTURES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name as SchemaName)
    .sort();
}

function jsonFiles(schema: SchemaName, kind: "valid" | "invalid"): { file: string; parsed: unknown }[] {
  const dir = `${SCHEMA_FIXTURES_DIR}${schema}/${kind}/`;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({ file: `${schema}/${kind}/${f}`, parsed: JSON.parse(readFileSync(dir + f, "utf8")) }));
}

/** Every valid fixture of a schema. */
export function validFixtures(schema: SchemaName): ValidFixture[] {
  return jsonFiles(schema, "valid").map(({ file, parsed }) => ({ schema, file, value: parsed }));
}

/** Every invalid fixture of a schema; throws on a file that does not follow the format. */
export function invalidFixtures(schema: SchemaName): InvalidFixture[] {
  return jsonFiles(schema, "invalid").map(({ file, parsed }) => {
    const f = parsed as Partial<InvalidFixture> | null;
    const ok =
      typeof f === "object" &&
      f !== null &&
      typeof f.description === "string" &&
      typeof f.expect?.pointer === "string" &&
      typeof f.expect.keyword === "string" &&
      "value" in f;
    if (!ok) throw new Error(`${file}: needs {description, expect: {pointer, keyword}, value}`);
    return { schema, file, description: f.description!, expect: f.expect!, value: f.value };
  });
}
