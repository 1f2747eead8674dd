/**
 * Verdicts do not depend on how busy the machine is (issue 22 §1): with a busy process on every core, the
 * load profiles are run against the reference server with and without their seeded bugs. A verdict that
 * needs a condition (requests in flight at once, a window filled past its limit, a schedule kept) either
 * stays right or turns inconclusive, saying what was reached: a seeded bug is never passed, and the clean
 * server is never failed on a figure that measures this machine.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckResult } from "../report/model.js";
import { SkippingClock } from "../test-support/clocks.js";
import { resolveLoadOptions } from "./load-options.js";
import { runLoad } from "./run-load.js";

const busy: ChildProcess[] = [];
beforeAll(async () => {
  for (let i = 0; i < availableParallelism(); i++) {
    busy.push(spawn(process.execPath, ["-e", "for (;;);"], { stdio: "ignore" }));
  }
  // Let them take the cores before the first profile starts.
  await new Promise((r) => setTimeout(r, 300));
});
afterAll(() => {
  for (const child of busy) child.kill("SIGKILL");
});

/**
 * Runs `profile` on the embedded server (in this starved process, on a shared clock) with `mutation`; a
 * second of measured load (the rate-limit burst ends at its call count, not at a duration).
 */
async function starved(profile: string, mutation?: string): Promise<CheckResult[]> {
  const options = resolveLoadOptions({
    profiles: [profile],
    ...(profile === "rate-limit" ? {} : { durationSeconds: 1 }),
    embeddedMode: "in-process",
    clock: new SkippingClock(),
    ...(mutation ? { mutation } : {}),
  });
  const { report } = await runLoad(options);
  // The run itself may not pass a row that is inconclusive.
  if (report.results.some((r) => r.status === "inconclusive")) expect(report.verdict).not.toBe("pass");
  // A seeded bug is never a passing run, whatever its rows say.
  if (mutation) expect(report.verdict).not.toBe("pass");
  return report.results;
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
  it("the limiter that leaks under concurrency is caught or inconclusive, never passed", async () => {
    const results = await starved("rate-limit", "rate-limit-leaks-under-concurrency");
    neverPassed(results, "rate.window_holds");
  });

  it("batches that fail under concurrency are caught or inconclusive, never passed", async () => {
    const results = await starved("batch-limits", "batch-100-5xx-under-concurrency");
    neverPassed(results, "batch.no_5xx_under_concurrency");
  });

  it("slow responses are caught or inconclusive on the latency budget, never passed", async () => {
    const results = await starved("latency", "slow-responses");
    // Every operation of the latency profile is delayed past its p50 budget: no row may pass.
    neverPassed(results, "load.latency_budget");
  });

  it("the clean server: every verdict passes or is inconclusive, none fails", async () => {
    for (const profile of ["rate-limit", "batch-limits", "latency"]) {
      const results = await starved(profile);
      const failing = results.filter((r) => r.status === "fail").map((r) => `${r.id}: ${r.message}`);
      expect(failing, profile).toEqual([]);
    }
  });
});
