import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pairwiseRows } from "./pairwise.js";

describe("pairwiseRows", () => {
  it("covers every pair of values of every two parameters, deterministically", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 2, maxLength: 5 }), (sizes) => {
        const rows = pairwiseRows(sizes, Number.POSITIVE_INFINITY);
        for (let i = 0; i < sizes.length; i++)
          for (let j = i + 1; j < sizes.length; j++)
            for (let a = 0; a < sizes[i]; a++)
              for (let b = 0; b < sizes[j]; b++)
                expect(
                  rows.some((r) => r[i] === a && r[j] === b),
                  `${i}:${a} ${j}:${b}`,
                ).toBe(true);
        expect(pairwiseRows(sizes, Number.POSITIVE_INFINITY)).toEqual(rows);
        // Far fewer rows than every combination once there are three parameters or more.
        const product = sizes.reduce((n, s) => n * s, 1);
        expect(rows.length).toBeLessThanOrEqual(product);
      }),
      { numRuns: 60 },
    );
  });

  it("needs no row for pairs marked covered, and stops at the limit", () => {
    // Value 0 of each parameter is "left out": covered by the cases of one value alone.
    const rows = pairwiseRows([3, 3, 3], Number.POSITIVE_INFINITY, (_, v) => v === 0);
    expect(rows.length).toBe(4);
    expect(pairwiseRows([3, 3, 3], 2)).toHaveLength(2);
  });
});
