/**
 * Where a sent value sits in its parameter's input space, keyword by keyword of its request schema: its
 * length or size against each bound (in characters, code points), the character classes it holds, its enum
 * member, its JSON type where the schema allows several, the form of its format (date-time separators,
 * zones and fractions; the shape of a node id), repeated items. The input-space table (input-space.ts)
 * counts these per operation, parameter and class.
 */
import { type CanonicalSchema, preferredOf, typesOf } from "../contract/canonical-schema.js";
import { NODE_ID_FORMAT } from "../contract/formats/node-id.js";
import { stableKey } from "./compile/stable-key.js";
import { characterClassMask, characterCount, classNamesOf } from "./text-units.js";

/** One label: the keyword and where the value sits. */
export interface Label {
  keyword: string;
  value: string;
}

/** `n` against the bounds: at one, past one, or inside. */
export function sizeClass(n: number, min: number | undefined, max: number | undefined, unit: string): string {
  if (min !== undefined && n < min) return `${unit} ${n} (below ${min})`;
  if (max !== undefined && n > max) return `${unit} ${n} (above ${max})`;
  if (max !== undefined && n === max) return `${unit} ${n} (max)`;
  if (min !== undefined && n === min) return `${unit} ${n} (min)`;
  return `${unit} inside`;
}

/** The labels of one parameter's value. */
export function labelsOf(schema: CanonicalSchema, value: unknown): Label[] {
  const p = preferredOf(schema);
  const out: Label[] = [];
  if ((p.types?.length ?? 0) > 1 || (schema.types?.length ?? 0) > 1)
    out.push({ keyword: "type", value: jsonType(value) });
  // A constant of the schema, or of one of its forms (`["*"]` among the forms of `include`).
  const consts = [p.const, ...(p.anyOf ?? []).map((b) => b.const)].filter((c) => c !== undefined);
  if (consts.some((c) => stableKey(value) === stableKey(c[0]))) {
    return [...out, { keyword: "const", value: stableKey(value) }];
  }
  const members = schema.enum ?? p.enum;
  if (members)
    out.push({ keyword: "enum", value: members.includes(value) ? JSON.stringify(value) : "not a member" });
  if (typeof value === "string") return [...out, ...stringLabels(p, value)];
  if (typeof value === "number")
    return [...out, { keyword: "value", value: sizeClass(value, p.minimum, p.maximum, "value") }];
  if (Array.isArray(value) && typesOf(schema).includes("array"))
    return [...out, ...arrayLabels(schema, p, value)];
  return out;
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return Number.isInteger(value) ? "integer" : typeof value;
}

/** Labels of every class mask, made once per mask. */
const BY_MASK = new Map<string, Label[]>();
function characterLabels(mask: number, prefix: string): Label[] {
  const key = `${prefix}${mask}`;
  let labels = BY_MASK.get(key);
  if (!labels) {
    labels = classNamesOf(mask).map((c) => ({ keyword: "characters", value: `${prefix}${c}` }));
    BY_MASK.set(key, labels);
  }
  return labels;
}

function stringLabels(p: CanonicalSchema, text: string): Label[] {
  if (p.format === NODE_ID_FORMAT) return idLabels(text, p);
  const out: Label[] = [];
  if (p.minLength !== undefined || p.maxLength !== undefined) {
    out.push({
      keyword: "length",
      value: sizeClass(characterCount(text), p.minLength, p.maxLength, "length"),
    });
  }
  if (p.format === "date-time") out.push(...dateTimeForm(text));
  else if (!p.enum && !p.const) out.push(...characterLabels(characterClassMask(text), ""));
  return out;
}

/** Digits of a fraction, by how many: none, 1–3, 4–6, 7–9, 10 or more. */
function fractionClass(digits: number): string {
  if (digits === 0) return "fraction: none";
  if (digits <= 3) return "fraction: 1–3 digits";
  if (digits <= 6) return "fraction: 4–6 digits";
  return digits <= 9 ? "fraction: 7–9 digits" : "fraction: 10 or more digits";
}

/** The form of a date-time, one label per part: separator, zone and fraction (whatever the grammar says). */
function dateTimeForm(text: string): Label[] {
  const m = /^\d{4}-\d\d-\d\d([Tt ])\d\d:\d\d:\d\d(\.\d*)?(Z|z|[+-]\d\d:?\d\d|[+-]\d\d)?$/.exec(text);
  if (!m) return [{ keyword: "format", value: "not of the date-time form" }];
  const separator = m[1] === " " ? "space" : m[1];
  const zone =
    m[3] === undefined ? "none" : /^[Zz]$/.test(m[3]) || m[3] === "-00:00" ? m[3] : "numeric offset";
  return [
    { keyword: "format", value: `separator: ${separator}` },
    { keyword: "format", value: `zone: ${zone}` },
    { keyword: "format", value: fractionClass(m[2] === undefined ? 0 : m[2].length - 1) },
  ];
}

/** The labels of each id met so far (ids repeat across a run's batches: fixture ids). */
const ID_LABELS = new Map<string, Label[]>();
const MAX_IDS = 20_000;

/** An id's shape, its length against the bounds, and the characters of its key (after `cb:<type>:`). */
function idLabels(id: string, p: CanonicalSchema): Label[] {
  const cacheKey = `${p.minLength}:${p.maxLength}:${id}`;
  let labels = ID_LABELS.get(cacheKey);
  if (!labels) {
    const keyAt = /^cb:[a-z_]+:./s.test(id) ? id.indexOf(":", 3) + 1 : undefined;
    const shape =
      keyAt === undefined ? "not a node id" : /^cb:org:\d{9}$/.test(id) ? "organisation id" : "other node id";
    labels = [
      { keyword: "format", value: `shape: ${shape}` },
      { keyword: "length", value: sizeClass(characterCount(id), p.minLength, p.maxLength, "length") },
      ...characterLabels(characterClassMask(id, keyAt ?? 0), "key "),
    ];
    if (ID_LABELS.size >= MAX_IDS) ID_LABELS.clear();
    ID_LABELS.set(cacheKey, labels);
  }
  return labels;
}

function arrayLabels(schema: CanonicalSchema, p: CanonicalSchema, items: unknown[]): Label[] {
  const out: Label[] = [
    { keyword: "items", value: sizeClass(items.length, p.minItems, p.maxItems, "items") },
  ];
  if (new Set(items.map(stableKey)).size < items.length)
    out.push({ keyword: "uniqueItems", value: "repeated items" });
  const itemSchema = schema.items ?? {};
  const seen = new Set<string>();
  for (const item of items) {
    for (const label of labelsOf(itemSchema, item)) {
      const key = `${label.keyword}\u0000${label.value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ keyword: `items ${label.keyword}`, value: `each: ${label.value}` });
    }
  }
  return out;
}
