/**
 * Invalid values of the coverage walk: each breaks exactly one keyword the contract states (the stated
 * schema, without our preferences) — one past each bound, a wrong type where the wire can carry one, a
 * near-miss of each enum member (other case, padded, a prefix), a form outside the format, an invalid item.
 * The rest of the value stays valid, so the one broken rule is the reason a server must refuse it.
 */
import { type CanonicalSchema, preferredOf, statedOf, typesOf } from "../../contract/canonical-schema.js";
import { FORMATS } from "../formats/index.js";
import { ABOVE_LABEL, ABOVE_SURROGATES, CHARACTER_CLASSES, textOfLength } from "../text-units.js";
import { arbitraryOf } from "./arbitrary.js";
import { below, type CoverageValue, distinctFill, type Walk } from "./coverage-value.js";
import { nearMisses } from "./near-misses.js";
import { itemPool, positiveValues } from "./positive-values.js";

const invalid = (value: unknown, keyword: string, label: string): CoverageValue => ({
  value,
  intended: "invalid",
  keyword,
  label,
});

/** One value of each JSON type, for wrong-type cases: scalars, then containers. */
const SCALARS: readonly [string, unknown][] = [
  ["string", "cbcheck"],
  ["number", 1.5],
  ["boolean", true],
  ["null", null],
];
const CONTAINERS: readonly [string, unknown][] = [
  ["object", {}],
  ["array", []],
];

/** The invalid values of the place `schema` (canonical, with its preferences) stands for. */
export function negativeValues(schema: CanonicalSchema, walk: Walk): CoverageValue[] {
  const s = statedOf(schema);
  const out: CoverageValue[] = [...wrongTypes(s, walk)];
  if (s.enum) {
    for (const miss of nearMisses(s.enum)) out.push(invalid(miss.value, "enum", miss.label));
  }
  if (s.const) out.push(invalid("cbcheck-not-the-constant", "const", "not the constant"));
  if (s.minLength !== undefined && s.minLength > 0) {
    const n = s.minLength - 1;
    out.push(invalid("x".repeat(n), "minLength", `one below minLength ${s.minLength}`));
  }
  if (s.maxLength !== undefined) {
    const n = s.maxLength + 1;
    out.push(
      invalid(
        textOfLength(n, CHARACTER_CLASSES.astral),
        "maxLength",
        `one above maxLength ${s.maxLength} (astral)`,
      ),
      invalid(
        textOfLength(n, ABOVE_SURROGATES),
        "maxLength",
        `one above maxLength ${s.maxLength} (${ABOVE_LABEL})`,
      ),
    );
  }
  if (s.minimum !== undefined) out.push(invalid(s.minimum - 1, "minimum", `one below minimum ${s.minimum}`));
  if (s.maximum !== undefined) out.push(invalid(s.maximum + 1, "maximum", `one above maximum ${s.maximum}`));
  if (s.format) {
    for (const f of FORMATS[s.format]?.outside(s.minLength ?? 0, s.maxLength ?? 300) ?? []) {
      out.push(invalid(f.value, "format", `${s.format}: ${f.label}`));
    }
  }
  if (s.pattern) {
    const re = new RegExp(s.pattern, "u");
    const miss = ["", "cbcheck", " ", "0"].find((c) => !re.test(c));
    if (miss !== undefined) out.push(invalid(miss, "pattern", `does not match ${s.pattern}`));
  }
  if (typesOf(s).includes("array")) out.push(...arrayNegatives(schema, walk));
  return out;
}

/** Values of the JSON types the schema does not allow, where the wire form can carry a type. */
function wrongTypes(s: CanonicalSchema, walk: Walk): CoverageValue[] {
  const types = typesOf(s);
  if (walk.form === "integer" || walk.form === "number") {
    const out: CoverageValue[] = [{ ...invalid(undefined, "type", "not a number"), wire: "cbcheck" }];
    if (walk.form === "integer" && types.includes("integer") && !types.includes("number")) {
      const at = s.minimum ?? 0;
      out.push(invalid(at + 0.5, "type", "not an integer"));
    }
    return out;
  }
  if (walk.form !== "json" && walk.form !== "body") return [];
  // The first scalar and every container the schema does not allow (1.5 is no integer either). The array
  // holds a valid value: a server that takes a one-item array for its item (String(["2024-…Z"]) is the
  // date-time) accepts it, and one that reads a string's length off it goes on to its characters (Stryker
  // found both in the reference server: an `as_of` and a batch id of the wrong type), where `[]` is refused
  // by its length alone.
  const wrong = (list: readonly [string, unknown][]) => list.filter(([t]) => !types.includes(t as never));
  const inside = positiveValues(s, walk).find((v) => v.intended === "valid" && v.wire === undefined);
  return [...wrong(SCALARS).slice(0, 1), ...wrong(CONTAINERS)].map(([t, v]) =>
    invalid(
      t === "array" && inside ? [inside.value] : v,
      "type",
      `${/^[aeiou]/.test(t) ? "an" : "a"} ${t} instead of ${types.join(" or ")}`,
    ),
  );
}

function arrayNegatives(schema: CanonicalSchema, walk: Walk): CoverageValue[] {
  const s = statedOf(schema);
  const items = schema.items ?? {};
  const inner = below(walk, "items");
  const preferredItems = preferredOf(items);
  const good = itemPool(schema, walk);
  // `n` valid items, distinct where the items allow it (so the count is the one rule broken).
  const many = (n: number, first: unknown[]) =>
    distinctFill(n, first, arbitraryOf(preferredItems, walk.overrides, inner.pointer)) ??
    Array.from({ length: n }, (_, i) => first[i % first.length]);
  const min = s.minItems ?? 0;
  const out: CoverageValue[] = [];
  if (min > 0) out.push(invalid(good.slice(0, min - 1), "minItems", `one below minItems ${min}`));
  if (s.maxItems !== undefined && good.length > 0) {
    out.push(invalid(many(s.maxItems + 1, good), "maxItems", `one above maxItems ${s.maxItems}`));
  }
  if (good.length > 0) {
    for (const item of negativeValues(items, inner)) {
      if (item.wire !== undefined) continue;
      const value = min > 1 ? [item.value, ...many(min - 1, good)] : [item.value];
      out.push({ ...item, value, label: `item: ${item.label}` });
    }
  }
  return out;
}
