/**
 * A request schema in canonical form, as hypothesis-jsonschema's `canonicalish` makes one: `$ref`s resolved
 * (across files by `$id`), `type` always a list, `allOf` merged, our preference (`x-cbcheck-preferred`,
 * preferred-view.ts) kept apart as `preferred`. Generation (src/generate/compile) builds one arbitrary and
 * one list of coverage values per keyword from it, and the request classifier finds the formats in a value
 * with it. A keyword it does not know is a harness error, so a schema can never gain a rule that generation
 * silently ignores.
 */
import { HarnessError } from "../errors.js";
import { PREFERRED } from "./preferred-view.js";
import type { SchemaRegistry } from "./schema-registry.js";

/** A JSON type name. */
export type JsonType = "string" | "integer" | "number" | "boolean" | "null" | "array" | "object";

/** One schema, canonical (see the file comment). Absent keywords constrain nothing. */
export interface CanonicalSchema {
  /** The allowed types; absent: any. */
  types?: JsonType[];
  enum?: unknown[];
  /** `const` as a one-value list (a const of `undefined` cannot be written in JSON). */
  const?: [unknown];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: CanonicalSchema;
  properties?: Record<string, CanonicalSchema>;
  required?: string[];
  additionalProperties?: boolean;
  anyOf?: CanonicalSchema[];
  /** What our generator prefers within this schema (`x-cbcheck-preferred`); absent: no preference. */
  preferred?: CanonicalSchema;
  default?: { value: unknown };
}

const ALL_TYPES: JsonType[] = ["string", "integer", "number", "boolean", "null", "array", "object"];
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

const lower = (a?: number, b?: number) => (a === undefined ? b : b === undefined ? a : Math.max(a, b));
const upper = (a?: number, b?: number) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));

/**
 * The schema both `a` and `b` describe (`allOf` of the two), as far as generation needs: bounds tightened,
 * types and enumerations intersected, items and properties merged. A keyword only one side has is kept.
 */
export function intersect(a: CanonicalSchema, b: CanonicalSchema): CanonicalSchema {
  const out: CanonicalSchema = { ...a, ...b };
  if (a.types && b.types) out.types = commonTypes(a.types, b.types);
  for (const key of ["minLength", "minimum", "exclusiveMinimum", "minItems"] as const)
    out[key] = lower(a[key], b[key]);
  for (const key of ["maxLength", "maximum", "exclusiveMaximum", "maxItems"] as const)
    out[key] = upper(a[key], b[key]);
  for (const key of Object.keys(out) as (keyof CanonicalSchema)[])
    if (out[key] === undefined) delete out[key];
  if (a.enum && b.enum) out.enum = a.enum.filter((v) => b.enum?.some((w) => sameJson(v, w)));
  if (a.items && b.items) out.items = intersect(a.items, b.items);
  if (a.uniqueItems || b.uniqueItems) out.uniqueItems = true;
  if (a.properties && b.properties) {
    out.properties = { ...a.properties };
    for (const [p, s] of Object.entries(b.properties))
      out.properties[p] = a.properties[p] ? intersect(a.properties[p], s) : s;
  }
  if (a.required && b.required) out.required = [...new Set([...a.required, ...b.required])];
  if (a.anyOf && b.anyOf) out.anyOf = a.anyOf.flatMap((x) => (b.anyOf ?? []).map((y) => intersect(x, y)));
  if (a.preferred && b.preferred) out.preferred = intersect(a.preferred, b.preferred);
  return out;
}

/** The types both lists allow; `integer` is a `number`, so `integer` and `number` meet in `integer`. */
function commonTypes(a: JsonType[], b: JsonType[]): JsonType[] {
  const allows = (list: JsonType[], t: JsonType) =>
    list.includes(t) || (t === "integer" && list.includes("number"));
  return ALL_TYPES.filter((t) => allows(a, t) && allows(b, t));
}

/** The types a schema allows (every type when it names none). */
export function typesOf(schema: CanonicalSchema): JsonType[] {
  return schema.types ?? ALL_TYPES;
}

/** Whether two JSON values are equal as JSON Schema compares them (`enum`, `const`, `uniqueItems`). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => k in b && sameJson((a as Raw)[k], (b as Raw)[k]));
}

/** Applies `f` to every sub-schema of `schema` (items, properties, anyOf branches), keeping the rest. */
function mapInner(schema: CanonicalSchema, f: (s: CanonicalSchema) => CanonicalSchema): CanonicalSchema {
  const out: CanonicalSchema = { ...schema };
  if (schema.items) out.items = f(schema.items);
  if (schema.properties)
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([p, s]) => [p, f(s)]));
  if (schema.anyOf) out.anyOf = schema.anyOf.map(f);
  return out;
}

/** `f` remembered per schema object (canonical schemas are built once and never changed). */
function memo(f: (s: CanonicalSchema) => CanonicalSchema): (s: CanonicalSchema) => CanonicalSchema {
  const made = new WeakMap<CanonicalSchema, CanonicalSchema>();
  return (s) => {
    let out = made.get(s);
    if (!out) {
      out = f(s);
      made.set(s, out);
    }
    return out;
  };
}

/** What the contract states: the schema without our preferences, at every depth. */
export const statedOf: (schema: CanonicalSchema) => CanonicalSchema = memo((schema) => {
  const { preferred: _, ...rest } = schema;
  return mapInner(rest, statedOf);
});

/** What cbcheck sends as valid: the stated schema narrowed by our preferences, at every depth. */
export const preferredOf: (schema: CanonicalSchema) => CanonicalSchema = memo((schema) => {
  const { preferred, ...rest } = schema;
  const out = mapInner(rest, preferredOf);
  return preferred ? intersect(out, preferredOf(preferred)) : out;
});
