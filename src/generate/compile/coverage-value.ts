/**
 * The values of the coverage phase, as Schemathesis's `cover_schema_iter` yields them: each tagged with the
 * keyword it probes and why it was made, and the class the walk means it to have. The registry decides the
 * class a request finally has (contract/request-class.ts); the generator's tests hold the two equal.
 */
import fc from "fast-check";
import type { InputClass } from "../../contract/request-class.js";
import type { WireForm } from "../../contract/request-operations.js";
import type { Overrides } from "./overrides.js";
import { stableKey } from "./stable-key.js";

/** One value of one parameter, made by the coverage walk. */
export interface CoverageValue {
  /** The decoded value (ignored when `wire` is set). */
  value: unknown;
  /** The class the walk means the value to have. */
  intended: InputClass;
  /** The keyword probed: `maxLength`, `enum`, `format`, `type`, `uniqueItems`, `items`, … or a wire rule. */
  keyword: string;
  /** Why the value was made, e.g. `at maxLength 300 (astral: 2 UTF-16 units each)`. */
  label: string;
  /** Text to send for the parameter instead of the encoded value (malformed JSON, a number's spelling). */
  wire?: string;
}

/** Where the walk is: the overrides, the pointer of the place, and how its parameter travels. */
export interface Walk {
  overrides: Overrides;
  pointer: string;
  form: WireForm;
}

/** The walk one level down, into `items` or a property. */
export function below(walk: Walk, token: string): Walk {
  return { ...walk, pointer: `${walk.pointer}/${token}` };
}

/** The values in order of first appearance, one per value (and wire text), with every reason it was made. */
export function distinctValues(values: CoverageValue[]): CoverageValue[] {
  const kept = new Map<string, CoverageValue>();
  for (const v of values) {
    const key = v.wire === undefined ? stableKey(v.value) : `wire:${v.wire}`;
    const first = kept.get(key);
    if (!first) kept.set(key, { ...v });
    else if (!first.label.split("; ").includes(v.label)) first.label += `; ${v.label}`;
  }
  return [...kept.values()];
}

/** A fixed seed: the coverage phase is the same on every run. */
const SEED = 0x5eed;

/**
 * `n` distinct values: the `first` ones, then values drawn from `arb` (with a fixed seed); undefined when
 * `arb` cannot give that many distinct ones.
 */
export function distinctFill(n: number, first: unknown[], arb: fc.Arbitrary<unknown>): unknown[] | undefined {
  const out: unknown[] = [];
  const seen = new Set<string>();
  const take = (v: unknown) => {
    const key = stableKey(v);
    if (out.length < n && !seen.has(key)) {
      seen.add(key);
      out.push(v);
    }
  };
  first.forEach(take);
  if (out.length < n) fc.sample(arb, { seed: SEED, numRuns: 16 * n + 64 }).forEach(take);
  return out.length === n ? out : undefined;
}

/** The lengths at and one inside each bound: `min`, `min + 1`, `max - 1`, `max`, within the bounds. */
export function boundLengths(
  min: number,
  max: number | undefined,
): { n: number; keyword: string; label: string }[] {
  const hi = max ?? min + 1;
  const out = [
    { n: min, keyword: "minItems", label: `at minItems ${min}` },
    { n: min + 1, keyword: "minItems", label: `one above minItems ${min}` },
    ...(max === undefined
      ? []
      : [
          { n: max - 1, keyword: "maxItems", label: `one below maxItems ${max}` },
          { n: max, keyword: "maxItems", label: `at maxItems ${max}` },
        ]),
  ];
  const seen = new Set<number>();
  return out.filter(({ n }) => n >= min && n <= hi && !seen.has(n) && seen.add(n));
}
