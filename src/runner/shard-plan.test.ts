/**
 * A shard plans the calls that shard sends: `cbcheck monitor` cuts each cycle into shards and waits, before a
 * slice, for the hour to have room for its plan — a plan that counted the whole suite would hold the monitor
 * for calls it never sends.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../server/index.js";
import type { RunningServer } from "../server/types.js";
import { SkippingClock } from "../test-support/clocks.js";
import { resolveRunOptions } from "./options.js";
import type { RunPlan } from "./plan.js";
import { runConformance } from "./run-conformance.js";

// Paced calls, on a clock whose waits take no time.
const clock = new SkippingClock();
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ rateLimit: 100_000, clock });
});
afterAll(() => server.close());

/** Runs one suite's shard against the server (or stops once planned); its plan and the calls it sent. */
async function run(suite: string, shard: string, planOnly = false) {
  const stop = new AbortController();
  let plan: RunPlan | undefined;
  const options = resolveRunOptions({
    baseUrl: server.url,
    env: { CB_API_KEY: server.keys.plus },
    fixtures: server.fixtures,
    seed: 3,
    suites: [suite],
    shard,
    clock,
  });
  const { report } = await runConformance(options, {
    signal: stop.signal,
    onPlan: (p) => {
      plan = p;
      if (planOnly) stop.abort();
    },
  });
  return { sent: report.summary.calls ?? 0, planned: (plan?.total ?? 0) - (plan?.setup ?? 0) };
}

describe("a shard's plan", () => {
  it("of http is the calls the shard sends, and the halves add up to the whole", async () => {
    const halves = [await run("http", "1/2"), await run("http", "2/2")];
    for (const half of halves) expect(half.sent - 1).toBe(half.planned); // the /me preflight is setup
    expect(halves[0].planned + halves[1].planned).toBe((await run("http", "1/1", true)).planned);
  });

  // limits plans edge paging at its most pages (fewer may come); negative sends what it plans (above for http).
  it.each(["negative", "limits"])("of %s: the halves add up to the whole", async (suite) => {
    const halves = [await run(suite, "1/2", true), await run(suite, "2/2", true)];
    expect(halves[0].planned + halves[1].planned).toBe((await run(suite, "1/1", true)).planned);
    expect(Math.min(halves[0].planned, halves[1].planned)).toBeGreaterThan(0);
  });
});
