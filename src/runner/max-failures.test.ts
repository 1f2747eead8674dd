/**
 * `--max-failures N` (Schemathesis's option of that name): the run stops before its next call once N outcomes
 * failed (warnings too under `--strict`), and its verdict is fail; without it, or below N, it runs on. The
 * seeded-bug matrix (test-support/mutation-matrix.ts) runs every row with it, against real seeded bugs.
 */
import { describe, expect, it } from "vitest";
import { RUNNER } from "../verdicts/runner.js";
import { type RunOptions, resolveRunOptions } from "./options.js";
import { runConformance } from "./run-conformance.js";
import type { Suite } from "./suite.js";

/** A suite that sends /me 20 times and records each answer as `status` (as a check on every call would). */
const everyCallJudged = (status: "fail" | "warn"): Suite => ({
  name: "http",
  description: `sends /me 20 times, each a ${status}`,
  plan: () => ({ calls: 20, reserve: 0, credits: 0 }),
  async run(ctx) {
    for (let i = 0; i < 20; i++) {
      await ctx.send({ operation: "me", method: "GET", path: "/me" });
      ctx.record({ verdict: RUNNER.responseReceived, status, message: `call ${i + 1}` });
    }
  },
});

/** The run's own first call (/me, before any suite). */
const SETUP = 1;

async function run(status: "fail" | "warn", options: RunOptions) {
  return runConformance(resolveRunOptions({ seed: 1, suites: ["http"], ...options }), {
    suites: [everyCallJudged(status)],
  });
}

describe("--max-failures", () => {
  it("stops the run before the call after the Nth failing outcome; the verdict is fail", async () => {
    const { report, stopped } = await run("fail", { maxFailures: 3 });
    expect(report.summary.calls).toBe(SETUP + 3);
    expect(report.verdict).toBe("fail");
    expect(report.details?.stopped).toBe("max-failures");
    expect(stopped).toContain("stopped after 3 failing outcomes (--max-failures 3)");
    expect(report.notes).toContain(
      "stopped after 3 failing outcomes (--max-failures 3): checks not reached are not judged",
    );
  });

  it("lets a run with fewer failures, or without the option, run to its end", async () => {
    const unlimited = await run("fail", {});
    expect([unlimited.report.summary.calls, unlimited.stopped]).toEqual([SETUP + 20, undefined]);
    const above = await run("fail", { maxFailures: 21 });
    expect([above.report.summary.calls, above.stopped]).toEqual([SETUP + 20, undefined]);
  });

  it("counts warnings only under --strict, which makes them failures", async () => {
    const strict = await run("warn", { maxFailures: 2, strict: true });
    expect([strict.report.summary.calls, strict.report.verdict]).toEqual([SETUP + 2, "fail"]);
    const lenient = await run("warn", { maxFailures: 2 });
    expect([lenient.report.summary.calls, lenient.stopped]).toEqual([SETUP + 20, undefined]);
  });

  it("refuses a limit below 1 with a usage error", () => {
    expect(() => resolveRunOptions({ maxFailures: 0 })).toThrow(/--max-failures must be an integer >= 1/);
  });
});
