/**
 * A request schema in canonical form, as hypothesis-jsonschema's `canonicalish` makes one: `$ref`s resolved
 * (across files by `$id`), `type` always a list, `allOf` merged, our preference (`x-cbcheck-preferred`,
 * preferred-view.ts) kept apart as `preferred`. Generation (src/generate/compile) builds one arbitrary and
 * one list of coverage values per keyword from it, and the request classifier finds the formats in a value
 * with it. A keyword it does not know is a harness error, so a schema can never gain a rule that generation
 * silently ignores.
 */
import { HarnessError } from "../errors.js";
import type { CanonicalSchema, JsonType } from "./canonical-types.js";
import { intersect } from "./canonical-views.js";
import { PREFERRED } from "./preferred-view.js";
import type { SchemaRegistry } from "./schema-registry.js";

export type { CanonicalSchema, JsonType } from "./canonical-types.js";
export { intersect, preferredOf, sameJson, statedOf, typesOf } from "./canonical-views.js";

/** Keywords without a rule: they change nothing generated or decided. */
const ANNOTATIONS = new Set(["$schema", "$id", "$comment", "title", "description", "examples", "tsType"]);
const NUMBERS = [
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minItems",
  "maxItems",
] as const;

type Raw = Readonly<Record<string, unknown>>;

/** Canonical request schemas by registry and name: built once. */
const CACHE = new WeakMap<SchemaRegistry, Map<string, CanonicalSchema>>();

/** The canonical form of schema `name` of `registry`. */
export function canonicalSchema(registry: SchemaRegistry, name: string): CanonicalSchema {
  let byName = CACHE.get(registry);
  if (!byName) {
    byName = new Map();
    CACHE.set(registry, byName);
  }
  let out = byName.get(name);
  if (!out) {
    const root = registry.getSchema(name);
    out = canonicalise(root, { registry, base: root }, `${name}.schema.json#`);
    byName.set(name, out);
  }
  return out;
}

interface Scope {
  registry: SchemaRegistry;
  /** The document `#` pointers resolve in. */
  base: Raw;
}

function fail(where: string, why: string): never {
  throw new HarnessError("CB_SCHEMA_INVALID", `${where}: ${why}`);
}

/** The schema a `$ref` names, and the scope it lives in. */
function resolveRef(ref: string, scope: Scope, where: string): { schema: Raw; scope: Scope } {
  const [file, pointer = ""] = ref.split("#");
  let doc = scope.base;
  if (file !== "") {
    const name = scope.registry
      .schemaNames()
      .find((n) => String(scope.registry.getSchema(n).$id ?? "").endsWith(file.replace(/^.*\//, "/")));
    if (!name) fail(where, `$ref ${ref} names no schema of the registry`);
    doc = scope.registry.getSchema(name);
  }
  let value: unknown = doc;
  for (const raw of pointer.split("/").slice(1)) {
    const token = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    value = (value as Raw | undefined)?.[token];
  }
  if (typeof value !== "object" || value === null) fail(where, `$ref ${ref} names nothing`);
  return { schema: value as Raw, scope: { ...scope, base: doc } };
}

function canonicalise(raw: Raw, scope: Scope, where: string): CanonicalSchema {
  let out: CanonicalSchema = {};
  for (const [key, value] of Object.entries(raw)) {
    const at = `${where}/${key}`;
    if (ANNOTATIONS.has(key)) continue;
    if (key === "$ref") {
      const target = resolveRef(String(value), scope, at);
      out = intersect(out, canonicalise(target.schema, target.scope, at));
    } else if (key === "allOf") {
      for (const [i, part] of (value as Raw[]).entries())
        out = intersect(out, canonicalise(part, scope, `${at}/${i}`));
    } else if (key === PREFERRED) {
      out.preferred = canonicalise(value as Raw, scope, at);
    } else if (key === "type") {
      out.types = (Array.isArray(value) ? value : [value]) as JsonType[];
    } else if ((NUMBERS as readonly string[]).includes(key)) {
      (out as Record<string, number>)[key] = value as number;
    } else if (key === "pattern" || key === "format") {
      out[key] = value as string;
    } else if (key === "enum") {
      out.enum = [...(value as unknown[])];
    } else if (key === "const") {
      out.const = [value];
    } else if (key === "uniqueItems") {
      out.uniqueItems = value === true;
    } else if (key === "items") {
      out.items = canonicalise(value as Raw, scope, at);
    } else if (key === "properties") {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, Raw>).map(([p, s]) => [
          p,
          canonicalise(s, scope, `${at}/${p}`),
        ]),
      );
    } else if (key === "required") {
      out.required = [...(value as string[])];
    } else if (key === "additionalProperties" && typeof value === "boolean") {
      out.additionalProperties = value;
    } else if (key === "anyOf") {
      out.anyOf = (value as Raw[]).map((part, i) => canonicalise(part, scope, `${at}/${i}`));
    } else if (key === "default") {
      out.default = { value };
    } else {
      fail(at, `keyword "${key}" is not known to request generation (src/contract/canonical-schema.ts)`);
    }
  }
  return pushPreferenceDown(out);
}

/**
 * Moves what a preference says of items and properties onto them (`{items: {enum}}` preferred on an array
 * becomes a preference of its items), so that each preference sits where its value is: a walk meets it there.
 */
function pushPreferenceDown(schema: CanonicalSchema): CanonicalSchema {
  const preferred = schema.preferred;
  if (!preferred) return schema;
  const out: CanonicalSchema = { ...schema, preferred: { ...preferred } };
  const rest = out.preferred as CanonicalSchema;
  if (preferred.items && schema.items) {
    out.items = prefer(schema.items, preferred.items);
    delete rest.items;
  }
  if (preferred.properties && schema.properties) {
    out.properties = { ...schema.properties };
    for (const [name, p] of Object.entries(preferred.properties)) {
      if (out.properties[name]) out.properties[name] = prefer(out.properties[name], p);
    }
    delete rest.properties;
  }
  return out;
}

function prefer(schema: CanonicalSchema, preferred: CanonicalSchema): CanonicalSchema {
  return pushPreferenceDown({
    ...schema,
    preferred: schema.preferred ? intersect(schema.preferred, preferred) : preferred,
  });
}
