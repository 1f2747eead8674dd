/**
 * TextArbitrary draws whole strings: every character of every list with generate()'s odds, lengths over the
 * whole range, and failures shrunk as `fc.array(unit).map(join)` shrinks them.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TextArbitrary } from "./text-arbitrary.js";
import { WeightedCharArbitrary, type WeightedChars } from "./text-unit-arbitrary.js";
import { CHARACTER_CLASSES } from "./text-units.js";

const LISTS: WeightedChars[] = [
  { chars: CHARACTER_CLASSES.ascii, weight: 6 },
  { chars: CHARACTER_CLASSES.latin, weight: 2 },
  { chars: CHARACTER_CLASSES.astral, weight: 2 },
  { chars: ["\n"], weight: 0 },
  { chars: CHARACTER_CLASSES.combining, weight: 1 },
  { chars: CHARACTER_CLASSES.reserved, weight: 2 },
];
const unit = new WeightedCharArbitrary(LISTS);
const listOf = (c: string) => LISTS.findIndex((l) => l.weight > 0 && l.chars.includes(c));

describe("WeightedCharArbitrary.draw and charAt", () => {
  it("reaches every character of every weighted list, with the lists' weights as odds", () => {
    // Whole strings of 999 characters: pairs from one draw (charAt), the odd last one from draw().
    const texts = fc.sample(new TextArbitrary(unit, 999, 999), { seed: 7, numRuns: 60 });
    const counts = new Map<string, number>();
    let n = 0;
    for (const t of texts)
      for (const c of t) {
        counts.set(c, (counts.get(c) ?? 0) + 1);
        n++;
      }
    expect(n).toBe(59_940);
    expect(counts.has("\n")).toBe(false);
    for (const { chars, weight } of LISTS.filter((l) => l.weight > 0)) {
      for (const c of chars) expect(counts.get(c), c).toBeGreaterThan(0);
      const share = chars.reduce((sum, c) => sum + (counts.get(c) ?? 0), 0) / n;
      expect(Math.abs(share - weight / 13)).toBeLessThan(0.01);
    }
  });
});

describe("TextArbitrary", () => {
  it("draws lengths over the whole range, both ends included, from the lists only", () => {
    const texts = fc.sample(new TextArbitrary(unit, 2, 6), { seed: 1, numRuns: 500 });
    const lengths = new Set(texts.map((t) => [...t].length));
    expect([...lengths].sort()).toEqual([2, 3, 4, 5, 6]);
    for (const t of texts) for (const c of t) expect(listOf(c), c).not.toBe(-1);
  });

  it("shrinks a failure to the counterexample the array of units shrinks to", () => {
    const failing = (t: string) => !(t.includes("😀") || [...t].length > 30);
    const array = fc.array(unit, { minLength: 1, maxLength: 60, size: "max" }).map((u) => u.join(""));
    let failures = 0;
    for (let seed = 0; seed < 20; seed++) {
      const a = fc.check(fc.property(new TextArbitrary(unit, 1, 60), failing), { seed, numRuns: 200 });
      const b = fc.check(fc.property(array, failing), { seed, numRuns: 200 });
      expect(a.failed).toBe(b.failed);
      if (!a.failed) continue;
      failures++;
      // As short as the array's shrink gets (the emoji and at most one character more, in practice).
      const [t] = a.counterexample as [string];
      const [u] = b.counterexample as [string];
      expect(failing(t)).toBe(false);
      expect([...t].length, JSON.stringify([t, u])).toBeLessThanOrEqual(Math.max(2, [...u].length));
    }
    expect(failures).toBeGreaterThan(10);
  });

  it("shrinks a value given without context (a replayed counterexample)", () => {
    const arb = new TextArbitrary(unit, 1, 10);
    expect(arb.canShrinkWithoutContext("aé😀")).toBe(true);
    expect(arb.canShrinkWithoutContext("\n")).toBe(false);
    expect(arb.canShrinkWithoutContext("")).toBe(false);
    const shrunk = [...arb.shrink("aé😀", undefined)].map((v) => v.value);
    // fc.array's first steps: shorter from the front, then the first character to its list's first.
    expect(shrunk).toEqual(["😀", "é😀", "a😀", "aæ😀"]);
  });
});
