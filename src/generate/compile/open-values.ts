/**
 * Open values of the coverage walk: each keeps every rule the contract states and breaks one of our
 * preferences (`x-cbcheck-preferred`, docs/schemas.md), or is a form of a format a server may take either
 * way. Whatever the contract states, it does not decide these: a conforming server may answer 200 or 400.
 */
import { type CanonicalSchema, preferredOf, statedOf, typesOf } from "../../contract/canonical-schema.js";
import { FORMATS } from "../formats/index.js";
import { below, type CoverageValue, type Walk } from "./coverage-value.js";
import { nearMisses } from "./near-misses.js";
import { itemPool, positiveValues } from "./positive-values.js";

const open = (value: unknown, keyword: string, label: string): CoverageValue => ({
  value,
  intended: "open",
  keyword,
  label,
});

const WHY = "(our preference, not a contract rule)";

/** The open values of the place `schema` (canonical, with its preferences) stands for. */
export function openValues(schema: CanonicalSchema, walk: Walk): CoverageValue[] {
  const s = statedOf(schema);
  const out: CoverageValue[] = [];
  if (s.format) {
    for (const f of FORMATS[s.format]?.leeway() ?? [])
      out.push(open(f.value, "format", `${s.format}: ${f.label}`));
  }
  const pref = schema.preferred;
  if (pref) out.push(...breaking(schema, pref, walk));
  if (schema.items && typesOf(s).includes("array")) out.push(...openItems(schema, walk));
  return out;
}

/** Values that keep the stated schema and break one keyword of the preference `pref`. */
function breaking(schema: CanonicalSchema, pref: CanonicalSchema, walk: Walk): CoverageValue[] {
  const s = statedOf(schema);
  const p = preferredOf(schema);
  const out: CoverageValue[] = [];
  const dropped = typesOf(s).filter((t) => !typesOf(p).includes(t));
  for (const type of dropped) {
    for (const v of positiveValues({ ...s, types: [type] }, { ...walk, overrides: {} })) {
      out.push(open(v.value, "type", `${v.label} ${WHY}`));
    }
  }
  if (pref.format && pref.format !== s.format) {
    for (const f of FORMATS[pref.format]?.outside(s.minLength ?? 0, s.maxLength ?? 300) ?? []) {
      out.push(open(f.value, "format", `not ${pref.format}: ${f.label} ${WHY}`));
    }
  }
  if (pref.maxLength !== undefined && (s.maxLength === undefined || s.maxLength > pref.maxLength)) {
    const n = pref.maxLength + 1;
    const form = p.format ? FORMATS[p.format]?.inside(n, n)[0] : undefined;
    if (form) out.push(open(form.value, "maxLength", `one above maxLength ${pref.maxLength} ${WHY}`));
  }
  if (pref.enum && !s.enum) {
    for (const miss of nearMisses(pref.enum)) out.push(open(miss.value, "enum", `${miss.label} ${WHY}`));
  }
  if (pref.pattern && !s.pattern) {
    const re = new RegExp(pref.pattern, "u");
    for (const c of ["", "has_role", "HAS ROLE", "X".repeat(41)].filter((c) => !re.test(c))) {
      out.push(open(c, "pattern", `does not match ${pref.pattern} ${WHY}`));
    }
  }
  if (pref.uniqueItems && !s.uniqueItems) out.push(...repeatedItems(schema, walk));
  if (pref.anyOf && !s.anyOf) {
    // One value of each preferred form, together: an array in none of the forms.
    const firsts = pref.anyOf.map(
      (branch) => positiveValues(preferredOf({ ...p, anyOf: [branch] }), walk)[0]?.value,
    );
    const mixed = firsts.filter(Array.isArray).flat();
    if (mixed.length <= (s.maxItems ?? Infinity))
      out.push(open(mixed, "anyOf", `the preferred forms mixed ${WHY}`));
  }
  return out;
}

/** An item repeated, and (when the distinct items run out first) an array at the stated maximum. */
function repeatedItems(schema: CanonicalSchema, walk: Walk): CoverageValue[] {
  const s = statedOf(schema);
  const items = itemPool(schema, walk);
  if (items.length === 0 || (s.maxItems ?? 2) < 2) return [];
  const out = [open([items[0], items[0]], "uniqueItems", `an item repeated ${WHY}`)];
  if (s.maxItems !== undefined && items.length < s.maxItems) {
    const all = Array.from({ length: s.maxItems }, (_, i) => items[i % items.length]);
    out.push(open(all, "maxItems", `at maxItems ${s.maxItems}, items repeating ${WHY}`));
  }
  return out;
}

/** Open values of the items, each alone in an otherwise valid array. */
function openItems(schema: CanonicalSchema, walk: Walk): CoverageValue[] {
  const s = statedOf(schema);
  const inner = below(walk, "items");
  const good = itemPool(schema, walk);
  const min = s.minItems ?? 0;
  return openValues(schema.items ?? {}, inner).map((item) => ({
    ...item,
    value: [item.value, ...good.slice(0, Math.max(0, min - 1))],
    label: `item: ${item.label}`,
  }));
}
