/**
 * The matrix of seeded bugs, its rows that only the schema suite sees (the table and the rest of the matrix:
 * test-support/mutation-matrix.ts, mutation-matrix.test.ts): each bug makes the run fail with its checks.
 */
import { describe, it } from "vitest";
import { expectCaught, MATRIX, runMutations, S } from "./test-support/mutation-matrix.js";

describe("mutation matrix: the schema suite catches its seeded bugs", () => {
  for (const m of runMutations.filter((x) => MATRIX[x.id]?.suites === S)) {
    const row = MATRIX[m.id];
    it(`${m.id} → ${row.expect.join(", ")}`, () => expectCaught(m.id, row));
  }
});
