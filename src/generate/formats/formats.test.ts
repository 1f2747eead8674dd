/**
 * Each format generator against the registry that decides (the strict RFC formats, our own preferences):
 * every value it builds is in the format, every form it calls inside is, every form it calls outside is not,
 * and every form it calls a leeway is in a reading of contract/format-readings.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readingOf } from "../../contract/format-readings.js";
import { sharedRegistry } from "../../contract/registry.js";
import { characterCount } from "../text-units.js";
import { FORMATS } from "./index.js";
import { toPlain } from "./plain-text.js";

const BOUNDS: Record<string, [number, number]> = {
  "date-time": [0, 0],
  date: [0, 0],
  "cbcheck-plain-text": [1, 300],
  "cbcheck-node-id": [3, 300],
};

describe.each(Object.entries(FORMATS))("format %s", (name, generator) => {
  const test = sharedRegistry().formatTest(name);
  const [min, max] = BOUNDS[name];
  const fits = (v: string) => max === 0 || (characterCount(v) >= min && characterCount(v) <= max);

  it("builds only values in the format, within the bounds", () => {
    expect(test).toBeDefined();
    fc.assert(
      fc.property(generator.arbitrary(min, max), (v) => test?.(v) === true && fits(v)),
      { numRuns: 300 },
    );
  });

  it("names forms inside and outside it, and forms a server may take either way", () => {
    for (const f of generator.inside(min, max)) expect(test?.(f.value), f.label).toBe(true);
    for (const f of generator.outside(min, max)) expect(test?.(f.value), f.label).toBe(false);
    for (const f of generator.leeway()) expect(readingOf(name, f.value, test), f.label).toBeDefined();
    expect(generator.inside(min, max).every((f) => fits(f.value))).toBe(true);
  });
});

describe("toPlain", () => {
  it("makes any text plain and keeps its length", () => {
    const test = sharedRegistry().formatTest("cbcheck-plain-text");
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }), (text) => {
        const plain = toPlain(text);
        expect(characterCount(plain)).toBe(characterCount(text));
        expect(test?.(plain)).toBe(true);
      }),
    );
  });
});
