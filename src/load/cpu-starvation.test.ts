/**
 * Verdicts do not depend on how busy the machine is (issue 22 §1): with a busy process on every core, the
 * load profiles are run against the reference server with and without their seeded bugs. A verdict that
 * needs a condition (requests in flight at once, a window filled past its limit, a schedule kept) either
 * stays right or turns inconclusive, saying what was reached: a seeded bug is never passed, and the clean
 * server is never failed on a figure that measures this machine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckResult } from "../report/model.js";
import { SkippingClock } from "../test-support/clocks.js";
import { takeRealTimeTurn } from "../test-support/real-time-turn.js";
import { resolveLoadOptions } from "./load-options.js";
import { runLoad } from "./run-load.js";
import { CpuHogs } from "./test-support/cpu-hogs.js";

// Never beside another real-time file (test-support/real-time-turn.ts).
takeRealTimeTurn();

// One busy process per core, running only while a profile's load is measured: the test files that run beside
// this one are not starved by it the rest of the time (imports, warm-ups, reports).
let hogs: CpuHogs;
beforeAll(async () => {
  hogs = await CpuHogs.start();
});
afterAll(() => hogs?.kill());

/**
 * Progress lines of `runLoad` around the measured load: a warm-up is not measured, and the line that counts a
 * profile's calls ends it (after its responses were judged). Should their wording change, the hogs only run
 * longer — through a warm-up, or to the end of the run —: the starvation can grow, never shrink.
 */
const WARM_UP = /^\S+: warming up .*\(not measured\)/;
const PROFILE_DONE = /^\S+: \d+ calls, \d+ broken expectations$/;

/** A starved run's rows, and what the hogs took while its load was measured. */
interface StarvedRun {
  results: CheckResult[];
  /** `profile: N s of hog CPU in M s starved; K inconclusive row(s)`, for the test's annotation. */
  starvation: string;
}

/**
 * Runs `profile` on the embedded server (in this starved process, on a shared clock) with `mutation`; a
 * second of measured load (the rate-limit burst ends at its call count, not at a duration). The hogs run from
 * the start of the profile to its end, but for its warm-up, and must have taken CPU then.
 */
async function starved(profile: string, mutation?: string): Promise<StarvedRun> {
  const options = resolveLoadOptions({
    profiles: [profile],
    ...(profile === "rate-limit" ? {} : { durationSeconds: 1 }),
    embeddedMode: "in-process",
    clock: new SkippingClock(),
    ...(mutation ? { mutation } : {}),
  });
  const [cpuBefore, ranBefore] = [hogs.cpuSeconds(), hogs.ranSeconds()];
  const { report } = await hogs.starving(() =>
    runLoad(options, {
      onProfile: () => hogs.run(),
      onProgress: (line) => (WARM_UP.test(line) || PROFILE_DONE.test(line) ? hogs.pause() : hogs.run()),
    }),
  );
  const cpuAfter = hogs.cpuSeconds();
  const ran = hogs.ranSeconds() - ranBefore;
  expect(ran, "the hogs never ran").toBeGreaterThan(0);
  // The hogs competed for the cores while the load was measured (where /proc tells their CPU time).
  const hogCpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  if (hogCpu !== undefined)
    expect(hogCpu, "CPU the hogs took while the load was measured").toBeGreaterThan(0);
  // The run itself may not pass a row that is inconclusive.
  const inconclusive = report.results.filter((r) => r.status === "inconclusive").length;
  if (inconclusive > 0) expect(report.verdict).not.toBe("pass");
  // A seeded bug is never a passing run, whatever its rows say.
  if (mutation) expect(report.verdict).not.toBe("pass");
  const took = hogCpu === undefined ? "hog CPU not readable" : `${hogCpu.toFixed(2)} s of hog CPU`;
  return {
    results: report.results,
    starvation: `${profile}: ${took} in ${ran.toFixed(2)} s starved; ${inconclusive} inconclusive row(s)`,
  };
}

/** The statuses of every row of `id` (one per mix item for the latency budget), at least one. */
function statusesOf(results: CheckResult[], id: string): string[] {
  const statuses = results.filter((r) => r.id === id).map((r) => r.status);
  expect(statuses.length, `no ${id} row`).toBeGreaterThan(0);
  return statuses;
}

/** Every row of `id` caught the bug or said why it could not: none passed. */
function neverPassed(results: CheckResult[], id: string): void {
  for (const status of statusesOf(results, id)) expect(["fail", "inconclusive"], id).toContain(status);
}

describe("load verdicts with every core busy", () => {
  it("the limiter that leaks under concurrency is caught or inconclusive, never passed", async ({
    annotate,
  }) => {
    const { results, starvation } = await starved("rate-limit", "rate-limit-leaks-under-concurrency");
    neverPassed(results, "rate.window_holds");
    await annotate(starvation);
  });

  it("batches that fail under concurrency are caught or inconclusive, never passed", async ({ annotate }) => {
    const { results, starvation } = await starved("batch-limits", "batch-100-5xx-under-concurrency");
    neverPassed(results, "batch.no_5xx_under_concurrency");
    await annotate(starvation);
  });

  it("slow responses are caught or inconclusive on the latency budget, never passed", async ({
    annotate,
  }) => {
    const { results, starvation } = await starved("latency", "slow-responses");
    // Every operation of the latency profile is delayed past its p50 budget: no row may pass.
    neverPassed(results, "load.latency_budget");
    await annotate(starvation);
  });

  it("the clean server: every verdict passes or is inconclusive, none fails", async ({ annotate }) => {
    for (const profile of ["rate-limit", "batch-limits", "latency"]) {
      const { results, starvation } = await starved(profile);
      const failing = results.filter((r) => r.status === "fail").map((r) => `${r.id}: ${r.message}`);
      expect(failing, profile).toEqual([]);
      await annotate(starvation);
    }
  });
});
