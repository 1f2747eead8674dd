/**
 * `--concurrency` in the `schema` suite: the concurrent first round sends exactly the requests of the
 * sequential property (same seed), a clean server still passes with as many exchanges, and a seeded bug is
 * still caught with the same check id and the same shrunk counterexample.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GENERATED_OPERATIONS, validRequests } from "../../generate/index.js";
import type { Report } from "../../report/model.js";
import { startServer } from "../../server/index.js";
import type { RunningServer } from "../../server/types.js";
import type { PlannedRequest } from "../../vocabulary/planned-request.js";
import { normaliseFixtures } from "../../vocabulary/target-fixtures.js";
import { resolveRunOptions } from "../options.js";
import { runConformance } from "../run-conformance.js";
import { shrunkRequest } from "../test-support/shrunk-request.js";
import { roundRequests } from "./round-requests.js";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ trace: true, rateLimit: 1e6, callsPerDay: 1e7, recordsPerDay: 1e12 });
});
afterAll(() => server.close());

/** A schema-suite run against the traced server; returns the report and the requests it saw. */
async function traced(concurrency: number): Promise<{ report: Report; seen: string[]; overlap: number }> {
  const from = server.trace.length;
  const options = resolveRunOptions({
    baseUrl: server.url,
    env: { CB_API_KEY: server.keys.plus },
    fixtures: server.fixtures,
    allowCredits: true,
    suites: ["schema"],
    // Concurrency is a matter of the random phase (the coverage phase is sent one call at a time).
    coveragePhase: false,
    seed: 4,
    runs: 12,
    concurrency,
  });
  const { report } = await runConformance(options);
  const entries = server.trace.slice(from);
  // Most requests the server was serving at once (each arrival against the ones not yet finished).
  const overlap = Math.max(
    ...entries.map(
      (e) => entries.filter((o) => o.startedAt <= e.startedAt && o.endedAt > e.startedAt).length,
    ),
  );
  return { report, seen: entries.map((e) => `${e.method} ${e.url} ${e.body}`).sort(), overlap };
}

describe("schema suite with --concurrency", () => {
  it("samples the same requests, in the same order, as the sequential property", async () => {
    const fixtures = normaliseFixtures(server.fixtures);
    for (const op of GENERATED_OPERATIONS) {
      const arb = validRequests(op, fixtures, { allowCredits: true });
      const seen: PlannedRequest[] = [];
      const property = fc.asyncProperty(arb, async (r: PlannedRequest) => {
        seen.push(r);
        return true;
      });
      await fc.check(property, {
        seed: 1234,
        numRuns: 30,
      });
      expect(roundRequests(arb, 1234, 30), op).toEqual(seen);
    }
  });

  it("passes a clean server at concurrency 2 with the same requests and exchanges as concurrency 1", async () => {
    const one = await traced(1);
    const two = await traced(2);
    expect(one.report.verdict).toBe("pass");
    expect(two.report.verdict).toBe("pass");
    expect(two.report.summary.calls).toBe(one.report.summary.calls);
    expect(two.seen).toEqual(one.seen);
    expect(one.overlap).toBe(1);
    expect(two.overlap).toBeLessThanOrEqual(2);
  });

  it("still catches a seeded bug at concurrency 2, with the same check id and shrunk counterexample", async () => {
    const shrunk = async (concurrency: number) => {
      // A seed whose first 10 generated requests reach the bug (text generation draws whole strings now).
      const options = resolveRunOptions({
        seed: 2,
        runs: 10,
        mutation: "financial-oldest-first",
        suites: ["schema"],
        coveragePhase: false,
        concurrency,
      });
      const { report } = await runConformance(options);
      expect(report.verdict).toBe("fail");
      const request = shrunkRequest(report, "ext.financial_history.newest_first");
      expect(request).toBeDefined();
      return request;
    };
    expect(await shrunk(2)).toEqual(await shrunk(1));
  });
});
