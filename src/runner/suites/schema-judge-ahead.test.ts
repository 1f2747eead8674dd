/**
 * Long sequential `schema` rounds hand each response body, undecoded, to the judging worker (the second core)
 * and record the judgements in request order: the verdicts, the rows, the tallies of what was seen, the credits
 * spent and the shrunk counterexample of a seeded bug are the same as when every exchange is judged in the
 * main thread.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { JudgeThread } from "../../checks/judge-thread/judge-thread.js";
import type { Report } from "../../report/model.js";
import { startServer } from "../../server/index.js";
import type { RunningServer } from "../../server/types.js";
import { CreditBudget } from "../credits/budget.js";
import { RunEngine } from "../engine.js";
import { type RunOptions, resolveRunOptions } from "../options.js";
import { runConformance } from "../run-conformance.js";
import { shrunkRequest } from "../test-support/shrunk-request.js";

let server: RunningServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

/**
 * Holds every answer of the judging worker until a call that took credits has settled, or the round waits for
 * one (`judgedAhead`), however fast the worker is: each answer then comes after the next credit call, as on a
 * busy machine, and an older balance than that call's would be remembered after it unless the round settled
 * every earlier response before the call (`settleAhead`).
 */
function holdWorkerAnswers(): void {
  const held: (() => void)[] = [];
  const releaseAll = () => {
    for (const release of held.splice(0)) release();
  };
  const judge = JudgeThread.prototype.judgeUndecoded;
  vi.spyOn(JudgeThread.prototype, "judgeUndecoded").mockImplementation(function (this: JudgeThread, ...args) {
    const answer = judge.apply(this, args);
    return new Promise((resolve, reject) => held.push(() => answer.then(resolve, reject)));
  });
  const settle = CreditBudget.prototype.settle;
  vi.spyOn(CreditBudget.prototype, "settle").mockImplementation(function (this: CreditBudget, ...args) {
    settle.apply(this, args);
    if (args[1] > 0) releaseAll();
  });
  const waited = RunEngine.prototype.judgedAhead;
  vi.spyOn(RunEngine.prototype, "judgedAhead").mockImplementation(function (this: RunEngine, exchange) {
    releaseAll();
    return waited.call(this, exchange);
  });
}

/** A schema-suite run judged ahead on the worker (`ahead`) or in the main thread; and the worker's jobs. */
async function schemaRun(
  options: RunOptions,
  ahead: boolean,
  isHeld = false,
): Promise<{ report: Report; onWorker: number }> {
  if (isHeld) holdWorkerAnswers();
  const jobs = vi.spyOn(JudgeThread.prototype, "judgeUndecoded");
  const { report } = await runConformance(
    // Judging ahead is a matter of the random phase: its coverage phase is left out.
    resolveRunOptions({
      ...options,
      suites: ["schema"],
      judgeAheadFromRuns: ahead ? 0 : 1e9,
      coveragePhase: false,
    }),
  );
  const onWorker = jobs.mock.calls.length;
  vi.restoreAllMocks();
  return { report, onWorker };
}

/** What a row says, without run-specific text (ports, timings). */
const rows = (report: Report) => report.results.map((r) => `${r.id} ${r.operation ?? ""} ${r.status}`).sort();

/** Everything a report says that judging ahead must not change (timings and ports aside). */
function sameReport(ahead: Report, inThread: Report): void {
  expect(ahead.verdict).toBe(inThread.verdict);
  expect(ahead.summary).toEqual({ ...inThread.summary, seconds: ahead.summary.seconds });
  expect(rows(ahead)).toEqual(rows(inThread));
  expect(ahead.coverage?.seen).toEqual(inThread.coverage?.seen);
  expect(ahead.notes).toEqual(inThread.notes);
  expect(ahead.sent).toEqual(inThread.sent);
}

describe("schema rounds judged ahead on the judging worker", () => {
  it("pass a clean server with the same report as judging in the main thread, bodies judged on the worker", async () => {
    const options = { seed: 5, runs: 15 };
    const inThread = await schemaRun(options, false);
    const ahead = await schemaRun(options, true);
    expect(inThread.onWorker).toBe(0);
    expect(inThread.report.verdict).toBe("pass");
    sameReport(ahead.report, inThread.report);
    // The seen tallies came from the worker's reading of the bodies: they hold node types and predicates.
    expect(Object.keys(ahead.report.coverage?.seen?.nodeTypes ?? {}).length).toBeGreaterThan(1);
    expect(Object.keys(ahead.report.coverage?.seen?.predicates ?? {}).length).toBeGreaterThan(1);
    // Five operations of 15 generated cases each, less what the credit budget withheld and what took credits.
    expect(ahead.onWorker).toBeGreaterThanOrEqual(5 * 15 - 20);
  });

  it("decide every call that takes credits on the balances of all earlier responses (a small balance)", async () => {
    // Judged ahead, earlier responses may still be on the worker when a call that takes credits comes: read
    // in their stead, an older balance would send a call the target must refuse, and that refusal would be
    // judged against a balance that covered it (credits.refused_while_covered, a false failure). The worker's
    // answers are held until the next credit call has settled, so that they are still out on any machine.
    server = await startServer({ rateLimit: 100_000, rateWindowMs: 1000, credits: 3 });
    const options: RunOptions = {
      baseUrl: server.url,
      env: { CB_API_KEY: server.keys.plus },
      fixtures: server.fixtures,
      seed: 1,
      runs: 40,
      maxCredits: 1000,
    };
    const inThread = await schemaRun(options, false);
    // A fresh server, so that both runs start from the same balance.
    await server.close();
    server = await startServer({ rateLimit: 100_000, rateWindowMs: 1000, credits: 3 });
    const again = {
      ...options,
      baseUrl: server.url,
      env: { CB_API_KEY: server.keys.plus },
      fixtures: server.fixtures,
    };
    const ahead = await schemaRun(again, true, true);
    expect(inThread.report.verdict).toBe("pass");
    expect(inThread.report.summary.credits).toBeGreaterThan(0);
    expect(ahead.onWorker).toBeGreaterThan(0);
    sameReport(ahead.report, inThread.report);
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
    // The deadline comes as its timer brings it (the guard's controller aborts), but once 40 bodies have
    // gone to the worker rather than after 1 s of real time: a busy machine had sent 2 calls by then.
    const judgeAhead = RunEngine.prototype.judgeAhead;
    let posted = 0;
    vi.spyOn(RunEngine.prototype, "judgeAhead").mockImplementation(function (this: RunEngine, ...args) {
      judgeAhead.apply(this, args);
      if (++posted === 40) this.deadline.abort();
    });
    const { report } = await schemaRun({ seed: 3, runs: 3000, deadlineS: 600 }, true);
    expect(report.verdict).toBe("incomplete");
    expect(report.details?.stopped).toBe("deadline");
    expect(report.summary.calls).toBeGreaterThan(40);
    expect(report.results.filter((r) => r.status === "fail")).toEqual([]);
  }, 60_000);
});
