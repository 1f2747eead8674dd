import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  boundedText,
  CHARACTER_CLASSES,
  characterClassesOf,
  characterCount,
  textOfLength,
} from "./text-units.js";

describe("boundedText", () => {
  it("always has min..max characters counted as code points, whatever UTF-16 length it takes", () => {
    fc.assert(
      fc.property(boundedText(1, 300), (text) => {
        const n = characterCount(text);
        expect(n).toBeGreaterThanOrEqual(1);
        expect(n).toBeLessThanOrEqual(300);
      }),
      { numRuns: 300 },
    );
  });

  it("reaches the upper bound with letters of every class, astral ones included", () => {
    const texts = fc.sample(boundedText(1, 300), { numRuns: 300, seed: 7 });
    const atMax = texts.filter((t) => characterCount(t) === 300);
    expect(atMax.length).toBeGreaterThan(0);
    // A server counting UTF-16 units would see more than 300 here.
    expect(atMax.some((t) => t.length > 300)).toBe(true);
    const seen = new Set(texts.flatMap((t) => [...characterClassesOf(t)]));
    expect([...seen].sort()).toEqual(Object.keys(CHARACTER_CLASSES).sort());
  });
});

describe("characters", () => {
  it("counts an astral letter as one character and a combining mark as its own", () => {
    expect(characterCount("😀")).toBe(1);
    expect("😀".length).toBe(2);
    expect(characterCount("e\u0301")).toBe(2);
    expect(textOfLength(301, CHARACTER_CLASSES.astral)).toHaveLength(602);
    expect(characterCount(textOfLength(301, CHARACTER_CLASSES.astral))).toBe(301);
  });

  it("names the classes present in a text", () => {
    expect([...characterClassesOf("Aæ東😀e\u0301 ?")].sort()).toEqual([
      "ascii",
      "astral",
      "cjk",
      "combining",
      "latin",
      "reserved",
    ]);
  });
});
