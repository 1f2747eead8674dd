/**
 * The contract's JSON Schema 2020-12 files as OpenAPI 3.1 `components/schemas` (3.1 Schema Objects are
 * 2020-12 schemas). Each file becomes one component named by its `title`, each root `$defs` entry one
 * component named by its own `title`, and every `$ref` between our files points at those components.
 */
import { PREFERRED } from "../contract/preferred-view.js";
import type { JsonSchema, SchemaFile } from "../contract/schema-files.js";
import { HarnessError } from "../errors.js";

/** A JSON value built for the document (fresh and mutable: validators may annotate it). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The components and a way to point at any place of an embedded file. */
export interface SchemaComponents {
  /** Component name → schema. */
  schemas: Record<string, Json>;
  /** `#/components/schemas/…` for `pointer` (default: the root) inside schema file `file`. */
  refTo(file: string, pointer?: string): string;
  /** The embedded root of schema file `file`. */
  rootOf(file: string): Json;
}

// `$id` would change the base URI of the `#/components/…` refs below it, `$schema` repeats the dialect the
// document already uses, `tsType` is an annotation for gen-types only, and PREFERRED is cbcheck's own
// preference among the values the contract allows, not part of the contract.
const DROPPED = new Set(["$id", "$schema", "tsType", PREFERRED]);
// Keywords whose value maps names to schemas, and keywords whose value is data, never a schema.
const NAMED_SCHEMAS = new Set(["properties", "patternProperties", "dependentSchemas"]);
const DATA = new Set(["enum", "const", "default", "examples", "required", "dependentRequired"]);
const COMPONENT_NAME = /^[A-Za-z0-9._-]+$/;

function componentName(schema: JsonSchema | Readonly<Record<string, unknown>>, where: string): string {
  const title = schema.title;
  if (typeof title !== "string" || !COMPONENT_NAME.test(title)) {
    throw new HarnessError(
      "CB_SCHEMA_INVALID",
      `${where} needs a title usable as a component name, got ${JSON.stringify(title)}`,
    );
  }
  return title;
}

/** Builds `components/schemas` from the given schema files (all their `$ref`s must stay among them). */
export function embedSchemas(files: readonly SchemaFile[]): SchemaComponents {
  const byId = new Map<string, SchemaFile>();
  const names = new Map<string, string>();
  const defs = new Map<string, Readonly<Record<string, Readonly<Record<string, unknown>>>>>();
  const taken = new Set<string>();
  const claim = (name: string, where: string) => {
    if (taken.has(name))
      throw new HarnessError("CB_SCHEMA_INVALID", `${where}: component name ${name} is used twice`);
    taken.add(name);
    return name;
  };
  for (const file of files) {
    if (typeof file.schema.$id === "string") byId.set(file.schema.$id, file);
    names.set(file.name, claim(componentName(file.schema, file.name), file.name));
    const own = (file.schema.$defs ?? {}) as Readonly<Record<string, Readonly<Record<string, unknown>>>>;
    defs.set(file.name, own);
    for (const [def, schema] of Object.entries(own)) {
      names.set(`${file.name}#${def}`, claim(componentName(schema, `${file.name}#/$defs/${def}`), file.name));
    }
  }

  function refTo(file: string, pointer = ""): string {
    const def = /^\/\$defs\/([^/]+)(.*)$/.exec(pointer);
    const name = def ? names.get(`${file}#${def[1]}`) : names.get(file);
    if (name === undefined)
      throw new HarnessError("CB_SCHEMA_INVALID", `no component for ${file}.schema.json#${pointer}`);
    return `#/components/schemas/${name}${def ? def[2] : pointer}`;
  }

  function rewriteRef(ref: string, from: SchemaFile): string {
    const base = typeof from.schema.$id === "string" ? from.schema.$id : `file:///${from.name}.schema.json`;
    const url = new URL(ref, base);
    const pointer = decodeURIComponent(url.hash.slice(1));
    url.hash = "";
    const target = byId.get(url.href) ?? (url.href === base ? from : undefined);
    if (!target)
      throw new HarnessError(
        "CB_SCHEMA_INVALID",
        `${from.name}.schema.json: $ref ${ref} leaves the embedded schemas`,
      );
    return refTo(target.name, pointer);
  }

  function rewrite(value: unknown, from: SchemaFile, isRoot = false): Json {
    if (Array.isArray(value)) return value.map((v) => rewrite(v, from));
    if (typeof value !== "object" || value === null) return value as Json;
    const out: { [key: string]: Json } = {};
    for (const [key, inner] of Object.entries(value)) {
      if (DROPPED.has(key)) continue;
      if (key === "$defs") {
        if (!isRoot)
          throw new HarnessError(
            "CB_SCHEMA_INVALID",
            `${from.name}.schema.json: $defs below the root are not embedded`,
          );
        continue;
      }
      if (key === "$ref") out[key] = rewriteRef(String(inner), from);
      else if (DATA.has(key)) out[key] = structuredClone(inner) as Json;
      else if (NAMED_SCHEMAS.has(key)) {
        const map: { [key: string]: Json } = {};
        for (const [name, schema] of Object.entries(inner as object)) map[name] = rewrite(schema, from);
        out[key] = map;
      } else out[key] = rewrite(inner, from);
    }
    return out;
  }

  const schemas: Record<string, Json> = {};
  for (const file of files) {
    schemas[names.get(file.name)!] = rewrite(file.schema, file, true);
    for (const [def, schema] of Object.entries(defs.get(file.name)!)) {
      schemas[names.get(`${file.name}#${def}`)!] = rewrite(schema, file);
    }
  }
  const rootOf = (file: string): Json => schemas[refTo(file).slice("#/components/schemas/".length)];
  return { schemas, refTo, rootOf };
}
