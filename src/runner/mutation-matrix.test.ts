/**
 * The matrix of seeded bugs: every `MUTATIONS` entry with `detectedBy: "run"` switched on in the embedded
 * server makes the run fail, with (at least) the check ids this table expects. A clean server fails none
 * (run-conformance.test.ts). Each row runs only the suites that can see its bug, with few generated
 * requests, so that the whole matrix stays within a few minutes on 2 cores; the table is in
 * test-support/mutation-matrix.ts, and its schema rows run in mutation-matrix-schema.test.ts.
 */
import { describe, expect, it } from "vitest";
import { MUTATIONS } from "../server/mutations.js";
import { SkippingClock } from "../test-support/clocks.js";
import { unregisteredIds } from "../verdicts/test-support/unregistered.js";
import { resolveRunOptions } from "./options.js";
import { runConformance } from "./run-conformance.js";
import { expectCaught, MATRIX, runMutations, S } from "./test-support/mutation-matrix.js";

describe("mutation matrix: cbcheck run catches every seeded bug", () => {
  it("has a row for every run mutation", () => {
    for (const m of runMutations) expect(MATRIX[m.id], m.id).toBeDefined();
    for (const id of Object.keys(MATRIX))
      expect(
        runMutations.some((m) => m.id === id),
        id,
      ).toBe(true);
  });

  // The rows of the schema suite alone run in mutation-matrix-schema.test.ts, beside these.
  for (const m of runMutations.filter((x) => MATRIX[x.id] && MATRIX[x.id].suites !== S)) {
    const row = MATRIX[m.id];
    it(`${m.id} → ${row.expect.join(", ")}`, () => expectCaught(m.id, row));
  }
});

/** Load mutations that the sequential `rate-limit` suite of `run` also sees (with the window to use). */
const LOAD_ALSO_CAUGHT: Record<string, { expect: string; windowMs: number }> = {
  // A long window, so that 2 × limit + 1 sequential calls surely fit in one window on a busy machine.
  "rate-limit-off": { expect: "rate.limit_enforced", windowMs: 20_000 },
  "retry-after-missing": { expect: "rate.retry_after_whole_seconds", windowMs: 2_000 },
  "retry-after-fractional": { expect: "rate.retry_after_whole_seconds", windowMs: 2_000 },
};

describe("mutation matrix: load mutations the rate-limit suite also catches", () => {
  for (const [id, row] of Object.entries(LOAD_ALSO_CAUGHT)) {
    // A short window must hold 2 × limit + 1 sequential calls; a busy CI machine can stretch one round past it.
    it(`${id} → ${row.expect}`, { retry: 2 }, async () => {
      expect(MUTATIONS.find((m) => m.id === id)?.detectedBy).toBe("load");
      const options = resolveRunOptions({
        seed: 1,
        mutation: id,
        suites: ["rate-limit"],
        embeddedRateLimit: 100,
        embeddedRateWindowMs: row.windowMs,
        clock: new SkippingClock(),
      });
      const { report } = await runConformance(options);
      const failing = report.results.filter((r) => r.status === "fail").map((r) => r.id);
      expect(failing).toContain(row.expect);
      expect(unregisteredIds(report)).toEqual([]);
    });
  }
});
