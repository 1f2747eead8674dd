/**
 * What generation and the decision ask of canonical schemas: the schema both of two describe (`allOf`), the
 * stated rules alone, the stated rules narrowed by our preferences, the types allowed, and JSON equality as
 * JSON Schema compares values.
 */
import { ALL_TYPES, type CanonicalSchema, type JsonType } from "./canonical-types.js";

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
  const at = (o: object, k: string) => (o as Record<string, unknown>)[k];
  return ka.every((k) => k in b && sameJson(at(a, k), at(b, k)));
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
