/**
 * Pacing: a URL target with a declared limit is never pushed past it (calls start at least the pace apart,
 * so no 429 comes back), while an undeclared limit is only waited out after its 429s; the embedded target
 * enforces its window only in the `rate-limit` suite, so no other suite waits on it. The target and the run
 * share one clock on which the pace and the waits take no real time (the target's window reads it too).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../server/index.js";
import type { RunningServer } from "../server/types.js";
import { SkippingClock } from "../test-support/clocks.js";
import { resolveRunOptions } from "./options.js";
import { runConformance } from "./run-conformance.js";

describe("a URL target enforcing 20 calls per 1 s", () => {
  let server: RunningServer;
  const clock = new SkippingClock();
  beforeAll(async () => {
    server = await startServer({ rateLimit: 20, rateWindowMs: 1000, trace: true, clock });
  });
  afterAll(() => server.close());

  const run = async (expectRateLimit?: string) => {
    const lines: string[] = [];
    server.trace.length = 0;
    const options = resolveRunOptions({
      baseUrl: server.url,
      env: { CB_API_KEY: server.keys.plus, CB_FREE_API_KEY: server.keys.free },
      fixtures: server.fixtures,
      suites: ["http", "auth", "negative", "batch-limits"],
      seed: 1,
      clock,
      ...(expectRateLimit ? { expectRateLimit } : {}),
    });
    const { report } = await runConformance(options, { onProgress: (line) => lines.push(line) });
    return { report, lines, statuses: server.trace.map((t) => t.status) };
  };

  it("declared: paced under the limit, never refused", async () => {
    const { report, lines, statuses } = await run("20/1");
    expect(report.verdict).toBe("pass");
    expect(statuses.length).toBeGreaterThan(60);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(lines.filter((l) => l.includes("429 received"))).toEqual([]);
    expect((report.details as { plan: { paceMs: number } }).plan.paceMs).toBe(53);
    // The concurrent batches take their slots together: they overlap, so no 5xx among them is a verdict.
    const no5xx = report.results.find((r) => r.id === "batch.no_5xx_under_concurrency");
    expect(no5xx?.status, no5xx?.message).toBe("pass");
  }, 30_000);

  it("undeclared: sent unpaced, so the target refuses some and they are waited out", async () => {
    // A fresh window: the declared run above filled the last one.
    await clock.sleep(1100);
    const { report, statuses } = await run();
    expect(report.verdict).toBe("pass");
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  }, 30_000);
});

describe("the embedded target", () => {
  it("throttles no suite but rate-limit, which still finds its window", async () => {
    const lines: string[] = [];
    // 200 schema calls and 2 × 100 alt-base-url calls are far past a 20 per 1 s window.
    const options = resolveRunOptions({
      seed: 3,
      runs: 40,
      suites: ["schema", "alt-base-url", "rate-limit"],
      embeddedRateLimit: 20,
      embeddedRateWindowMs: 1000,
      clock: new SkippingClock(),
    });
    const { report } = await runConformance(options, { onProgress: (line) => lines.push(line) });
    expect(report.verdict).toBe("pass");
    const beforeRateLimit = lines.slice(
      0,
      lines.findIndex((l) => l.startsWith("suite rate-limit")),
    );
    expect(beforeRateLimit.filter((l) => l.includes("429"))).toEqual([]);
    expect(report.results.find((r) => r.id === "rate.limit_enforced")?.status).toBe("pass");
  }, 60_000);
});
