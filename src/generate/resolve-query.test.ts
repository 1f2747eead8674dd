import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveQuery } from "./resolve-query.js";
import { emptyFixtures, sampleFixtures } from "./test-support/fixtures.js";
import { characterCount } from "./text-units.js";

describe("resolveQuery", () => {
  it("draws fixture queries and their non-empty prefixes, never an over-long one (characters counted as code points)", () => {
    const samples = fc.sample(resolveQuery(sampleFixtures()), { numRuns: 500, seed: 11 });
    expect(samples).toContain("Equinor ASA");
    expect(samples.some((q) => q !== "Equinor ASA" && "Equinor ASA".startsWith(q))).toBe(true);
    for (const q of samples) expect(characterCount(q)).toBeGreaterThanOrEqual(1);
    for (const q of samples) expect(characterCount(q)).toBeLessThanOrEqual(300);
  });

  it("falls back to random names when no query is known", () => {
    fc.assert(
      fc.property(resolveQuery(emptyFixtures()), (q) => characterCount(q) >= 1 && characterCount(q) <= 300),
    );
  });
});
