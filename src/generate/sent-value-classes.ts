/**
 * What a run actually sent: each request parameter present, with the classes of its value (length against
 * the contract's bound, characters by class, list sizes, special values such as `["*"]` or `null`). The
 * run's report lists the counts, so a reader sees which parts of the input space were tried.
 */
import type { CbcheckReport } from "../contract/types.gen.js";
import type { PlannedRequest } from "../vocabulary/planned-request.js";
import { BOUNDS } from "./bounds.js";
import { decodeRequest } from "./decode-request.js";
import { CLASS_NAMES, characterClassMask, characterCount, classNamesOf } from "./text-units.js";

/** One row of the report's `sent` table; `class` is e.g. `length 300 (max)`, `characters: astral`, `["*"]`. */
export type SentValueRow = NonNullable<CbcheckReport["sent"]>[number];

/** RFC 3339 date-time, the shape of `as_of` ("string, date-time"). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

type Bound = { min?: number; max: number };

/** `n` against a bound: at the min, at the max, inside, or past it. */
function sizeClass(n: number, bound: Bound, unit: string): string {
  if (bound.min !== undefined && n < bound.min) return `${unit} ${n} (below ${bound.min})`;
  if (n > bound.max) return `${unit} ${n} (above ${bound.max})`;
  if (n === bound.max) return `${unit} ${n} (max)`;
  if (bound.min !== undefined && n === bound.min) return `${unit} ${n} (min)`;
  return `${unit} inside`;
}

/** Labels of each class mask, sorted, made once per mask (at most `MASKS` of them). */
function labelsByMask(prefix: string): (mask: number) => readonly string[] {
  const made: (readonly string[])[] = [];
  return (mask) => {
    made[mask] ??= classNamesOf(mask).map((c) => `${prefix}${c}`);
    return made[mask];
  };
}
const characterLabels = labelsByMask("characters: ");
const keyLabels = labelsByMask("key characters: ");

function textClasses(text: string, bound: Bound): string[] {
  return [sizeClass(characterCount(text), bound, "length"), ...characterLabels(characterClassMask(text))];
}

function listClasses(value: unknown, bound: Bound): string[] {
  if (value === null) return ["null"];
  if (!Array.isArray(value)) return [`not an array (${typeof value})`];
  if (value.length === 1 && value[0] === "*") return ['["*"]'];
  return [sizeClass(value.length, bound, "items")];
}

function cursorClasses(value: unknown): string[] {
  if (!Array.isArray(value)) return listClasses(value, BOUNDS.cursorItems);
  const strings = value.filter((v): v is string => typeof v === "string");
  const longest = Math.max(0, ...strings.map(characterCount));
  const out = [
    ...listClasses(value, BOUNDS.cursorItems),
    ...new Set(strings.flatMap((s) => textClasses(s, BOUNDS.cursorStringLength).slice(1))),
  ];
  if (strings.length > 0) out.push(sizeClass(longest, BOUNDS.cursorStringLength, "longest string"));
  return out;
}

/**
 * The class list of each combination met so far, by a number made of the id's shape, its length class and
 * its key's character mask: a batch of 100 random ids then costs one scan of each id and no strings.
 * A length at or past a bound is part of its class (`length 200 (max)`); any other is `length inside`.
 */
const COMBINATIONS = new Map<number, readonly string[]>();
const MAX_COMBINATIONS = 20_000;
/** Distinct character class masks: one bit per class (text-units.ts), so a new class widens the key. */
const MASKS = 1 << CLASS_NAMES.length;
/** The shapes of an id, by the number `idClasses` gives them. */
const SHAPES = ["shape: organisation id", "shape: other node id", "shape: not a node id"];

/** The classes of one id: its shape, its length, and the characters of its key (after `cb:<type>:`). */
function idClasses(id: string): readonly string[] {
  const keyAt = nodeKeyStart(id);
  const mask = characterClassMask(id, keyAt ?? 0);
  const shape = keyAt === undefined ? 2 : isOrganisationId(id) ? 0 : 1;
  const n = characterCount(id);
  const { min, max } = BOUNDS.idLength;
  // Lengths inside the bounds share one class; the others carry their length.
  const length = n > min && n < max ? 0 : n + 1;
  const key = (length * SHAPES.length + shape) * MASKS + mask;
  let classes = COMBINATIONS.get(key);
  if (!classes) {
    classes = [SHAPES[shape], sizeClass(n, BOUNDS.idLength, "length"), ...keyLabels(mask)];
    if (COMBINATIONS.size >= MAX_COMBINATIONS) COMBINATIONS.clear();
    COMBINATIONS.set(key, classes);
  }
  return classes;
}

/** `cb:org:` and nine ASCII digits (`/^cb:org:\d{9}$/`, without the regular expression on the hot path). */
function isOrganisationId(id: string): boolean {
  if (id.length !== 16 || !id.startsWith("cb:org:")) return false;
  for (let i = 7; i < 16; i++) {
    const unit = id.charCodeAt(i);
    if (unit < 0x30 || unit > 0x39) return false;
  }
  return true;
}

/** Where the key of a node id `cb:<type>:<key>` starts (type `[a-z_]+`, key not empty); undefined otherwise. */
function nodeKeyStart(id: string): number | undefined {
  if (!id.startsWith("cb:")) return undefined;
  let i = 3;
  for (; i < id.length; i++) {
    const unit = id.charCodeAt(i);
    if (!((unit >= 0x61 && unit <= 0x7a) || unit === 0x5f)) break;
  }
  // At least one type letter, then ':' and at least one character of key.
  return i > 3 && id.charCodeAt(i) === 0x3a && i + 1 < id.length ? i + 1 : undefined;
}

function classesOf(parameter: string, value: unknown): string[] {
  switch (parameter) {
    case "query":
      return typeof value === "string" ? textClasses(value, BOUNDS.queryLength) : [`not a string`];
    case "types":
      return listClasses(value, BOUNDS.typesItems);
    case "limit":
      return typeof value === "number" && Number.isInteger(value)
        ? [sizeClass(value, BOUNDS.limit, "value")]
        : ["not an integer"];
    case "include":
      return listClasses(value, BOUNDS.includeItems);
    case "extend":
      return listClasses(value, BOUNDS.extendItems);
    case "cursor":
      return cursorClasses(value);
    case "id":
      return typeof value === "string" ? [...idClasses(value)] : ["not a string"];
    case "ids": {
      if (!Array.isArray(value)) return listClasses(value, BOUNDS.batchIds);
      const combinations = new Set<readonly string[]>();
      for (const id of value) if (typeof id === "string") combinations.add(idClasses(id));
      const each = new Set<string>();
      for (const classes of combinations) for (const c of classes) each.add(c);
      return [sizeClass(value.length, BOUNDS.batchIds, "items"), ...[...each].map((c) => `each: ${c}`)];
    }
    case "as_of":
      return [typeof value === "string" && DATE_TIME.test(value) ? "date-time" : "not a date-time"];
    default:
      return typeof value === "string" ? [`"${value}"`] : [typeof value];
  }
}

/** The (parameter, class) pairs of one planned request. */
export function sentValueClasses(request: PlannedRequest): { parameter: string; class: string }[] {
  const decoded = decodeRequest(request);
  if (decoded.schema === null) return [];
  if ("error" in decoded) return [{ parameter: "(request)", class: "malformed" }];
  const value = decoded.value;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return [{ parameter: "(request)", class: "not an object" }];
  return Object.entries(value).flatMap(([parameter, v]) =>
    classesOf(parameter, v).map((c) => ({ parameter, class: c })),
  );
}

/** The inner map of `key`, made on first use. */
function entryOf<K, V extends Map<unknown, unknown>>(outer: Map<K, V>, key: K): V {
  let inner = outer.get(key);
  if (!inner) {
    inner = new Map() as V;
    outer.set(key, inner);
  }
  return inner;
}

/** Counts of sent value classes over a run. */
export class SentTally {
  /** Operation → parameter → class → count (nested: no key string is built per request). */
  readonly #counts = new Map<string, Map<string, Map<string, number>>>();

  /** Counts the classes of one request. */
  add(request: PlannedRequest): void {
    const byParameter = entryOf(this.#counts, request.operation);
    for (const { parameter, class: c } of sentValueClasses(request)) {
      const byClass = entryOf(byParameter, parameter);
      byClass.set(c, (byClass.get(c) ?? 0) + 1);
    }
  }

  /** The rows, by operation, parameter and class. */
  rows(): SentValueRow[] {
    return [...this.#counts]
      .flatMap(([operation, byParameter]) =>
        [...byParameter].flatMap(([parameter, byClass]) =>
          [...byClass].map(([c, count]) => ({ operation, parameter, class: c, count })),
        ),
      )
      .sort(
        (a, b) =>
          a.operation.localeCompare(b.operation) ||
          a.parameter.localeCompare(b.parameter) ||
          a.class.localeCompare(b.class),
      );
  }
}
