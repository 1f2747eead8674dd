/**
 * The hand-written pieces of generation, where data matters: ids the target holds (or is known not to hold)
 * from its fixtures, queries it can answer, predicate names (the one the contract shows, `HAS_ROLE`, and names
 * of its form). Each is an override the compiler takes (compile/overrides.ts) and keeps to the schema at its
 * place: fixture values outside it (a 301-character query, an id that is no node id) are not used.
 */
import fc from "fast-check";
import type { CanonicalSchema } from "../contract/canonical-schema.js";
import { NODE_ID_FORMAT } from "../contract/formats/node-id.js";
import { sharedRegistry } from "../contract/registry.js";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import type { NamedValue, Override } from "./compile/overrides.js";
import { FORMATS } from "./formats/index.js";
import { toPlain } from "./formats/plain-text.js";
import { characterCount } from "./text-units.js";

/** Whether a string keeps the length bounds of `schema` and (if it names one) its format. */
function keeps(schema: CanonicalSchema): (value: string) => boolean {
  const test = schema.format ? sharedRegistry().formatTest(schema.format) : undefined;
  return (value) => {
    const n = characterCount(value);
    return n >= (schema.minLength ?? 0) && n <= (schema.maxLength ?? Infinity) && (test?.(value) ?? true);
  };
}

/** Fixture ids of the basic dataset that are node ids of the contract's form within the batch bounds. */
export function basicFixtureIds(fixtures: TargetFixtures): string[] {
  const all = [...fixtures.known_ids, ...fixtures.org_ids, ...fixtures.subunit_ids, ...fixtures.missing_ids];
  const fits = keeps({ minLength: 3, maxLength: 300, format: NODE_ID_FORMAT });
  return [...new Set(all)].filter(fits);
}

/**
 * The fixture ids worth sending one by one: an organisation, a sub-unit, a missing id, a known id of another
 * type (the random phase draws every fixture id).
 */
function namedIds(fixtures: TargetFixtures, fits: (id: string) => boolean): NamedValue[] {
  const out: NamedValue[] = [];
  const add = (id: string | undefined, label: string) => {
    if (id !== undefined && fits(id) && !out.some((v) => v.value === id)) out.push({ value: id, label });
  };
  add(fixtures.org_ids.find(fits), "a known organisation (fixtures)");
  add(fixtures.subunit_ids.find(fits), "a known sub-unit (fixtures)");
  add(fixtures.missing_ids.find(fits), "a missing id (fixtures)");
  const other = fixtures.known_ids.find((id) => fits(id) && !id.startsWith("cb:org:"));
  add(other, `a known ${other?.split(":")[1]} id (fixtures)`);
  return out;
}

/** Node ids: mostly the fixtures' (4 in 5), else ids of the contract's form the target most likely lacks. */
export function idOverride(fixtures: TargetFixtures): Override {
  return {
    arbitrary(schema) {
      const generated = FORMATS[NODE_ID_FORMAT].arbitrary(schema.minLength ?? 3, schema.maxLength ?? 300);
      const known = basicFixtureIds(fixtures).filter(keeps(schema));
      if (known.length === 0) return generated;
      return fc.oneof(
        { arbitrary: fc.constantFrom(...known), weight: 4 },
        { arbitrary: generated, weight: 1 },
      );
    },
    examples: namedIds(fixtures, keeps({ minLength: 3, maxLength: 300, format: NODE_ID_FORMAT })),
  };
}

const LETTERS = [..."abcdefghijklmnopqrstuvwxyzæøåABCDEFGHIJKLMNOPQRSTUVWXYZÆØÅ0123456789-&.'"];
const SUFFIXES = ["", " AS", " ASA", " ANS", " DA", " SA", " ENK", " STIFTELSE"];
const word = fc.string({ unit: fc.constantFrom(...LETTERS), minLength: 1, maxLength: 24 });

/** Names built from words and a company-form suffix. */
function companyName(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.array(word, { minLength: 1, maxLength: 6 }), fc.constantFrom(...SUFFIXES))
    .map(([ws, suffix]) => `${ws.join(" ")}${suffix}`);
}

/**
 * Resolve queries: a fixture query, a prefix of one, a company-like name, or text of every character class
 * near either bound — all within the schema's bounds and plain.
 */
export function queryOverride(fixtures: TargetFixtures): Override {
  return {
    arbitrary(schema) {
      const fits = keeps(schema);
      const min = schema.minLength ?? 1;
      const max = schema.maxLength ?? 300;
      const anyText = FORMATS[schema.format ?? ""]?.arbitrary(min, max) ?? companyName();
      // Cut to the bound by construction (a name is at least one character).
      const names = companyName().map((n) => toPlain([...n].slice(0, max).join("")));
      const known = [...new Set(fixtures.resolve_queries)].filter(fits);
      if (known.length === 0)
        return fc.oneof({ arbitrary: names, weight: 2 }, { arbitrary: anyText, weight: 1 });
      const exact = fc.constantFrom(...known);
      // A prefix of at least `min` characters (code points, never a split surrogate pair), kept plain.
      const prefix = exact.chain((q) => {
        const chars = [...q];
        return fc
          .integer({ min: Math.min(min, chars.length), max: chars.length })
          .map((n) => toPlain(chars.slice(0, n).join("")));
      });
      return fc.oneof(
        { arbitrary: exact, weight: 3 },
        { arbitrary: prefix, weight: 2 },
        { arbitrary: names, weight: 1 },
        { arbitrary: anyText, weight: 1 },
      );
    },
    examples: [...new Set(fixtures.resolve_queries)]
      .filter(keeps({ minLength: 1, maxLength: 300, format: "cbcheck-plain-text" }))
      .slice(0, 2)
      .map((q) => ({ value: q, label: "a query the target can answer (fixtures)" })),
  };
}

/** `HAS_ROLE` mostly, else upper-snake-case names (built once: a pattern's arbitrary is costly to make). */
const PREDICATE_NAMES = fc.oneof(
  { arbitrary: fc.constant("HAS_ROLE"), weight: 3 },
  { arbitrary: fc.stringMatching(/^[A-Z][A-Z0-9_]{0,39}$/), weight: 1 },
);

/** Predicate names: `HAS_ROLE` (the one the contract shows) mostly, else upper-snake-case names. */
export const predicateOverride: Override = {
  arbitrary: () => PREDICATE_NAMES,
  examples: [{ value: "HAS_ROLE", label: "HAS_ROLE, the predicate the contract shows" }],
};
