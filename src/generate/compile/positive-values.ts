/**
 * Valid values of the coverage walk: for each keyword of a (preferred) schema, each bound and one inside it
 * (in code points for strings), each enum member, each member of a type union, each form its format allows,
 * the default sent explicitly, and the named values of an override (fixture ids), first.
 */
import fc from "fast-check";
import {
  type CanonicalSchema,
  intersect,
  type JsonType,
  preferredOf,
  typesOf,
} from "../../contract/canonical-schema.js";
import { FORMATS } from "../formats/index.js";
import { plainText } from "../formats/plain-text.js";
import { arbitraryOf } from "./arbitrary.js";
import { below, boundLengths, type CoverageValue, distinctFill, type Walk } from "./coverage-value.js";

const valid = (value: unknown, keyword: string, label: string): CoverageValue => ({
  value,
  intended: "valid",
  keyword,
  label,
});

/** Values made so far, by overrides, schema and pointer: the walk asks for the same place many times. */
const MADE = new WeakMap<object, WeakMap<CanonicalSchema, Map<string, CoverageValue[]>>>();

/** The valid values of `schema` (the preferred view of its place), named overrides first. */
export function positiveValues(schema: CanonicalSchema, walk: Walk): CoverageValue[] {
  let bySchema = MADE.get(walk.overrides);
  if (!bySchema) {
    bySchema = new WeakMap();
    MADE.set(walk.overrides, bySchema);
  }
  let byPointer = bySchema.get(schema);
  if (!byPointer) {
    byPointer = new Map();
    bySchema.set(schema, byPointer);
  }
  let values = byPointer.get(walk.pointer);
  if (!values) {
    const examples = (walk.overrides[walk.pointer]?.examples ?? []).map((e) =>
      valid(e.value, "data", e.label),
    );
    values = [...examples, ...ownValues(schema, walk)];
    byPointer.set(walk.pointer, values);
  }
  return values;
}

function ownValues(schema: CanonicalSchema, walk: Walk): CoverageValue[] {
  const out: CoverageValue[] = [];
  if (schema.default) out.push(valid(schema.default.value, "default", "the default, sent explicitly"));
  if (schema.const) return [...out, valid(schema.const[0], "const", "the constant")];
  if (schema.enum)
    return [...out, ...schema.enum.map((v) => valid(v, "enum", `enum value ${JSON.stringify(v)}`))];
  if (schema.anyOf) {
    const { anyOf, ...rest } = schema;
    return [...out, ...anyOf.flatMap((branch) => ownValues(intersect(rest, branch), walk))];
  }
  for (const type of typesOf(schema)) out.push(...ofType(type, schema, walk));
  return out;
}

function ofType(type: JsonType, s: CanonicalSchema, walk: Walk): CoverageValue[] {
  const union = (s.types?.length ?? 0) > 1 ? `type ${type} of ${s.types?.join(" or ")}: ` : "";
  const tagged = (vs: CoverageValue[]) =>
    union ? vs.map((v) => ({ ...v, label: `${union}${v.label}`, keyword: v.keyword })) : vs;
  switch (type) {
    case "null":
      return [valid(null, "type", union ? `type null of ${s.types?.join(" or ")}` : "null")];
    case "boolean":
      return [valid(true, "type", "true"), valid(false, "type", "false")];
    case "integer":
    case "number":
      return tagged(numbers(type, s));
    case "string":
      return tagged(strings(s));
    case "array":
      return tagged(arrays(s, walk));
    case "object":
      return [];
  }
}

function numbers(type: "integer" | "number", s: CanonicalSchema): CoverageValue[] {
  const out: CoverageValue[] = [];
  if (s.minimum !== undefined) {
    out.push(valid(s.minimum, "minimum", `at minimum ${s.minimum}`));
    out.push(valid(s.minimum + 1, "minimum", `one above minimum ${s.minimum}`));
  }
  if (s.maximum !== undefined) {
    out.push(valid(s.maximum - 1, "maximum", `one below maximum ${s.maximum}`));
    out.push(valid(s.maximum, "maximum", `at maximum ${s.maximum}`));
  }
  if (out.length === 0) out.push(valid(0, "type", `${type} 0`), valid(-1, "type", `${type} -1`));
  if (type === "number") out.push(valid(0.5, "type", "a fraction"));
  const lo = s.minimum ?? -Infinity;
  const hi = s.maximum ?? Infinity;
  return out.filter((v) => (v.value as number) >= lo && (v.value as number) <= hi);
}

/** The keyword a plain-text form probes, read from its label. */
const lengthKeyword = (label: string) =>
  label.includes("minLength") ? "minLength" : label.includes("maxLength") ? "maxLength" : "characters";

function strings(s: CanonicalSchema): CoverageValue[] {
  const min = s.minLength ?? 0;
  if (s.format) {
    const forms = FORMATS[s.format]?.inside(min, s.maxLength ?? 300) ?? [];
    return forms.map((f) => valid(f.value, "format", `${s.format}: ${f.label}`));
  }
  if (s.pattern) {
    const seed = 0x5eed;
    return fc
      .sample(fc.stringMatching(new RegExp(s.pattern, "u")), { seed, numRuns: 2 })
      .map((v) => valid(v, "pattern", `matches ${s.pattern}`));
  }
  const out: CoverageValue[] = [];
  // Any text is valid here: the plain forms of text-units cover each bound and every character class.
  for (const f of plainText.inside(Math.max(1, min), s.maxLength ?? Math.max(min, 1) + 8)) {
    out.push(valid(f.value, lengthKeyword(f.label), f.label));
  }
  if (min === 0) out.unshift(valid("", "minLength", "at minLength 0 (empty)"));
  return out;
}

function arrays(s: CanonicalSchema, walk: Walk): CoverageValue[] {
  const items = s.items ?? {};
  const inner = below(walk, "items");
  const itemValues = positiveValues(items, inner);
  const arb = arbitraryOf(items, walk.overrides, inner.pointer);
  const min = s.minItems ?? 0;
  const fill = (n: number, first: unknown[]) =>
    s.uniqueItems
      ? distinctFill(n, first, arb)
      : Array.from({ length: n }, (_, i) => first[i % first.length]);
  const firsts = itemValues.map((v) => v.value);
  const out: CoverageValue[] = [];
  for (const { n, keyword, label } of boundLengths(min, s.maxItems)) {
    const value = n === 0 ? [] : firsts.length > 0 ? fill(n, firsts) : undefined;
    if (value) out.push(valid(value, keyword, label));
  }
  // Each valid item alone (with others to reach minItems): every enum member, format form, fixture id.
  for (const item of itemValues) {
    const rest = firsts.filter((v) => v !== item.value);
    const value = fill(Math.max(1, min), [item.value, ...rest]);
    if (value) out.push({ ...item, value, label: `item: ${item.label}` });
  }
  return out;
}

/**
 * Items that are valid in an array of `schema` (canonical, at `walk`): those of its longest valid array of
 * the coverage walk, so that an array built from them breaks only the rule a case means to break.
 */
export function itemPool(schema: CanonicalSchema, walk: Walk): unknown[] {
  const arrays = positiveValues(preferredOf(schema), walk)
    .map((v) => v.value)
    .filter((v): v is unknown[] => Array.isArray(v));
  const longest = arrays.reduce<unknown[]>((a, b) => (b.length > a.length ? b : a), []);
  if (longest.length > 0) return [...new Set(longest)];
  return positiveValues(preferredOf(schema.items ?? {}), below(walk, "items")).map((v) => v.value);
}
