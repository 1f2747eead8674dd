/**
 * Long sequential `schema` rounds judge each exchange ahead on the judging worker (the second core) and
 * record the judgements in request order: the verdicts, the rows and the shrunk counterexample of a seeded
 * bug are the same as when every exchange is judged in the main thread.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { JudgeThread } from "../../checks/judge-thread/judge-thread.js";
import type { Report } from "../../report/model.js";
import { type RunOptions, resolveRunOptions } from "../options.js";
import { runConformance } from "../run-conformance.js";
import { shrunkRequest } from "../test-support/shrunk-request.js";

afterEach(() => {
  vi.restoreAllMocks();
});

/** A schema-suite run judged ahead on the worker (`ahead`) or in the main thread; and the worker's jobs. */
async function schemaRun(options: RunOptions, ahead: boolean): Promise<{ report: Report; onWorker: number }> {
  const jobs = vi.spyOn(JudgeThread.prototype, "judgeExchange");
  const { report } = await runConformance(
    resolveRunOptions({ ...options, suites: ["schema"], judgeAheadFromRuns: ahead ? 0 : 1e9 }),
  );
  const onWorker = jobs.mock.calls.length;
  jobs.mockRestore();
  return { report, onWorker };
}

/** What a row says, without run-specific text (ports, timings). */
const rows = (report: Report) => report.results.map((r) => `${r.id} ${r.operation ?? ""} ${r.status}`).sort();

describe("schema rounds judged ahead on the judging worker", () => {
  it("pass a clean server with the same rows as judging in the main thread, every exchange on the worker", async () => {
    const options = { seed: 5, runs: 15 };
    const inThread = await schemaRun(options, false);
    const ahead = await schemaRun(options, true);
    expect(inThread.onWorker).toBe(0);
    expect(ahead.report.verdict).toBe("pass");
    expect(inThread.report.verdict).toBe("pass");
    expect(ahead.report.summary).toEqual({
      ...inThread.report.summary,
      seconds: ahead.report.summary.seconds,
    });
    expect(rows(ahead.report)).toEqual(rows(inThread.report));
    // Five operations of 15 generated cases each, less what the credit budget withheld.
    expect(ahead.onWorker).toBeGreaterThanOrEqual(5 * 15 - 15);
  });

  it("catch a seeded bug with the same check id and shrunk counterexample", async () => {
    const shrunk = async (ahead: boolean) => {
      // A seed whose first 10 generated requests reach the bug (as in schema-concurrent.test.ts).
      const { report, onWorker } = await schemaRun(
        { seed: 2, runs: 10, mutation: "financial-oldest-first" },
        ahead,
      );
      expect(report.verdict).toBe("fail");
      expect(onWorker > 0).toBe(ahead);
      const request = shrunkRequest(report, "ext.financial_history.newest_first");
      expect(request).toBeDefined();
      return request;
    };
    expect(await shrunk(true)).toEqual(await shrunk(false));
  });

  it("stop at the deadline as incomplete, every exchange already in judged or recorded as unjudged", async () => {
    const { report } = await schemaRun({ seed: 3, runs: 3000, deadlineS: 2 }, true);
    expect(report.verdict).toBe("incomplete");
    expect(report.details?.stopped).toBe("deadline");
    expect(report.summary.calls).toBeGreaterThan(5);
    expect(report.results.filter((r) => r.status === "fail")).toEqual([]);
  }, 60_000);
});
