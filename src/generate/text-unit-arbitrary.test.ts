/**
 * WeightedCharArbitrary must be a drop-in for `fc.oneof` of weighted `fc.constantFrom`s: the same values from
 * the same seeds (inside arrays too, where the random stream carries on past it) and the same shrinks, so
 * that runs, plans and shrunk counterexamples stay what they were.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WeightedCharArbitrary, type WeightedChars } from "./text-unit-arbitrary.js";
import { CHARACTER_CLASSES } from "./text-units.js";

const LISTS: WeightedChars[] = [
  { chars: CHARACTER_CLASSES.ascii, weight: 6 },
  { chars: CHARACTER_CLASSES.latin, weight: 2 },
  { chars: CHARACTER_CLASSES.cjk, weight: 2 },
  { chars: CHARACTER_CLASSES.astral, weight: 2 },
  { chars: ["x"], weight: 1 },
  { chars: CHARACTER_CLASSES.reserved, weight: 2 },
];

/** The definition it replaces. */
const reference = (): fc.Arbitrary<string> =>
  fc.oneof(...LISTS.map(({ chars, weight }) => ({ arbitrary: fc.constantFrom(...chars), weight })));
const fast = (): fc.Arbitrary<string> => new WeightedCharArbitrary(LISTS);

/** Text as boundedText builds it, followed by another draw (the stream must carry on identically). */
const text = (unit: () => fc.Arbitrary<string>) =>
  fc.tuple(
    fc.array(unit(), { minLength: 1, maxLength: 40, size: "max" }).map((units) => units.join("")),
    fc.integer(),
  );

describe("WeightedCharArbitrary", () => {
  it("draws the same values as fc.oneof of fc.constantFrom, seed for seed", () => {
    for (let seed = 0; seed < 200; seed++) {
      expect(fc.sample(text(fast), { seed, numRuns: 5 })).toEqual(
        fc.sample(text(reference), { seed, numRuns: 5 }),
      );
    }
  });

  it("shrinks a failure to the same counterexample in the same number of steps", () => {
    const failing = ([t]: [string, number]) => !(t.includes("😀") || [...t].length > 30);
    let failures = 0;
    for (let seed = 0; seed < 30; seed++) {
      const a = fc.check(fc.property(text(fast), failing), { seed, numRuns: 200 });
      if (a.failed) failures++;
      const b = fc.check(fc.property(text(reference), failing), { seed, numRuns: 200 });
      expect(a.counterexample).toEqual(b.counterexample);
      expect(a.numShrinks).toBe(b.numShrinks);
      expect(a.counterexamplePath).toBe(b.counterexamplePath);
    }
    expect(failures).toBeGreaterThan(20);
  });

  it("shrinks a value without its context as fc.constantFrom does", () => {
    const values = (arb: fc.Arbitrary<string>, v: string) =>
      [...arb.shrink(v, undefined)].map((s) => s.value);
    for (const v of ["b", "a", "ø", "æ", "x", "%", "?"]) {
      expect(fast().canShrinkWithoutContext(v)).toBe(reference().canShrinkWithoutContext(v));
      expect(values(fast(), v), v).toEqual(values(reference(), v));
    }
    expect(fast().canShrinkWithoutContext("not one")).toBe(false);
  });
});
