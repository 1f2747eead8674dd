/**
 * The verdict of a run (issue 14 §1 and §5): inconclusive checks never pass a run unless allowed, a run that
 * stopped is incomplete, an interruption stops sending, and a check that never saw a response is no pass.
 * Real targets: the embedded reference server and hostile servers on port 0.
 */
import { describe, expect, it } from "vitest";
import { startHostileServer } from "../transport/test-support/hostile-server.js";
import { RUNNER } from "../verdicts/runner.js";
import { resolveRunOptions } from "./options.js";
import { runConformance } from "./run-conformance.js";
import type { Suite } from "./suite.js";

/** A suite that sends one request and cannot judge it (as a check that crashed would). */
const undecided: Suite = {
  name: "http",
  description: "sends /me, judges nothing",
  plan: () => ({ calls: 1, reserve: 0, credits: 0 }),
  async run(ctx) {
    await ctx.send({ operation: "me", method: "GET", path: "/me" });
    ctx.record({ verdict: RUNNER.suiteError, status: "inconclusive", message: "could not judge" });
  },
};

/** A suite whose plan says 5 calls but that sends 20 (as a response-driven suite may): --max-calls stops it. */
const overrunning: Suite = {
  name: "http",
  description: "sends /me 20 times",
  plan: () => ({ calls: 5, reserve: 0, credits: 0 }),
  async run(ctx) {
    for (let i = 0; i < 20; i++) await ctx.send({ operation: "me", method: "GET", path: "/me" });
  },
};

describe("the verdict of a run", () => {
  it("is incomplete while a check is inconclusive, and pass with allowInconclusive", async () => {
    const strict = await runConformance(resolveRunOptions({ seed: 1, suites: ["http"] }), {
      suites: [undecided],
    });
    expect(strict.report.verdict).toBe("incomplete");
    expect(strict.report.reason).toContain("harness.suite_error");
    const allowed = await runConformance(
      resolveRunOptions({ seed: 1, suites: ["http"], allowInconclusive: true }),
      {
        suites: [undecided],
      },
    );
    expect(allowed.report.verdict).toBe("pass");
  });

  it("is incomplete, never pass, when --max-calls stops it", async () => {
    // A --max-calls below the plan refuses to start (plan.test.ts); one the suites outrun stops the run.
    const { report, stopped } = await runConformance(
      resolveRunOptions({ seed: 2, maxCalls: 8, suites: ["http"] }),
      { suites: [overrunning] },
    );
    expect(report.verdict).toBe("incomplete");
    expect(report.reason).toContain("--max-calls 8");
    expect(stopped).toContain("--max-calls 8");
  });

  it("stops sending when its signal aborts, keeping what it judged", async () => {
    const controller = new AbortController();
    let calls = 0;
    const { report, stopped } = await runConformance(resolveRunOptions({ seed: 3, runs: 200 }), {
      onCall: (n) => {
        calls = n;
        if (n === 30) controller.abort();
      },
      signal: controller.signal,
    });
    expect(stopped).toContain("interrupted");
    expect(report.verdict).not.toBe("pass");
    expect(report.summary.calls).toBe(30);
    expect(calls).toBe(30);
    expect(report.results.length).toBeGreaterThan(0);
  });

  it("never lists as passed a check whose every exchange was reset", async () => {
    const server = await startHostileServer("reset");
    try {
      const options = resolveRunOptions({
        baseUrl: server.baseUrl,
        env: { CB_API_KEY: "reset-test-key" },
        fixtures: { known_ids: ["cb:org:123456789"] },
        suites: ["schema"],
        runs: 3,
        timeoutMs: 300,
        seed: 4,
      });
      const { report } = await runConformance(options);
      expect(report.verdict).toBe("fail");
      expect(report.results.filter((r) => r.status === "pass").map((r) => r.id)).toEqual([]);
      const served = report.results.filter((r) => r.id === "input.valid_accepted");
      expect(served.length).toBeGreaterThan(0);
      for (const row of served) expect(row.status).toBe("inconclusive");
    } finally {
      await server.close();
    }
  });
});
