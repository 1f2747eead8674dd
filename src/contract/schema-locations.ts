/**
 * Maps every sub-schema object of the loaded schema files to `<file>#<json-pointer>`, so that a violation
 * can name the exact file and place of the rule even when ajv inlined a `$ref` from another file (ajv's own
 * `schemaPath` is then relative to whichever root it was compiled in).
 */
import type { SchemaFile } from "./schema-files.js";

/** Location of a sub-schema object: `node.schema.json#/$defs/org-node`. */
export type SchemaLocations = WeakMap<object, string>;

/** Builds the location map of every object inside the given schema files. */
export function locateSchemas(files: Iterable<SchemaFile>): SchemaLocations {
  const locations: SchemaLocations = new WeakMap();
  for (const file of files) walk(file.schema, `${file.name}.schema.json#`, locations);
  return locations;
}

function walk(value: unknown, path: string, locations: SchemaLocations): void {
  if (typeof value !== "object" || value === null || locations.has(value)) return;
  locations.set(value, path);
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, inner] of entries) walk(inner, `${path}/${escapePointer(key)}`, locations);
}

/** Escapes one JSON pointer token (RFC 6901). */
export function escapePointer(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}
