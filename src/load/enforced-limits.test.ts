/**
 * Load profiles are safe on a target that enforces its limits: every built-in profile passes the reference
 * server (`serve`) limited to 600 calls per 5 s and to the contract's 120 per 60 s, with `--expect-rate-limit`
 * declaring it. Outside the `rate-limit` profile a well-formed 429 is counted as throttled, never a failure;
 * a malformed one still fails. Daily limits are raised: they are not what these runs are about.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { CheckResult } from "../report/model.js";
import { startServer } from "../server/index.js";
import type { RunningServer, ServerOptions } from "../server/types.js";
import { SkippingClock } from "../test-support/clocks.js";
import { resolveLoadOptions } from "./load-options.js";
import { runLoad } from "./run-load.js";

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function loadAgainst(settings: ServerOptions, expectRateLimit: string, profiles?: string[]) {
  // One clock for the target's windows and the harness's waits: a window or a Retry-After of a minute
  // passes at once for both, while the load itself is real.
  const clock = new SkippingClock();
  server = await startServer({ callsPerDay: 10_000_000, recordsPerDay: 1_000_000_000, ...settings, clock });
  const fixtures = join(mkdtempSync(join(tmpdir(), "cbcheck-limits-")), "fixtures.json");
  writeFileSync(fixtures, JSON.stringify(server.fixtures));
  const options = resolveLoadOptions({
    baseUrl: server.url,
    env: { CB_API_KEY: server.keys.plus },
    fixtures,
    durationSeconds: 2,
    expectRateLimit,
    embeddedMode: "in-process",
    clock,
    ...(profiles ? { profiles } : {}),
  });
  return runLoad(options);
}

/**
 * Latency budgets are left out: they measure this machine (2 shared cores in CI), not how a limit is
 * handled; load-command.test.ts judges them on an unloaded target. Every other verdict must pass.
 */
const LATENCY = new Set(["load.latency_budget"]);
const failing = (results: CheckResult[]) =>
  results
    .filter((r) => r.status === "fail" && !LATENCY.has(r.id))
    .map((r) => `${r.suite} ${r.id}: ${r.counterexamples[0]?.title}`);

describe("load against a target that enforces its limits", () => {
  it("passes every built-in profile at 600 calls per 5 s", async () => {
    const { report } = await loadAgainst({ rateLimit: 600, rateWindowMs: 5000 }, "600/5");
    expect(failing(report.results)).toEqual([]);
    expect(new Set(report.results.map((r) => r.suite))).toEqual(
      new Set(["latency", "batch-limits", "rate-limit"]),
    );
  }, 60_000);

  it("passes every built-in profile at the contract's 120 calls per 60 s", async () => {
    const { report } = await loadAgainst({ rateLimit: 120, rateWindowMs: 60_000 }, "120/60");
    expect(failing(report.results)).toEqual([]);
    expect(
      report.results.some(
        (r) => r.suite === "rate-limit" && r.id === "rate.limit_enforced" && r.status === "pass",
      ),
    ).toBe(true);
  }, 150_000);

  it("counts well-formed 429s as throttled when the offered rate exceeds the limit", async () => {
    // Declared 600/5 but enforcing 20/5: the profiles offer far more than the target allows.
    const { report } = await loadAgainst({ rateLimit: 20, rateWindowMs: 5000 }, "600/5", ["batch-limits"]);
    expect(failing(report.results)).toEqual([]);
    const row = report.results.find((r) => r.id === "load.throttled_well_formed");
    expect(row?.status).toBe("pass");
    expect(row?.message).toMatch(/\d+ of \d+ responses \([\d.]+ %\) were throttled with 429/);
  }, 60_000);

  it("still fails a 429 that is not well formed", async () => {
    const { report } = await loadAgainst(
      { rateLimit: 20, rateWindowMs: 5000, mutation: "retry-after-missing" },
      "600/5",
      ["batch-limits"],
    );
    expect(failing(report.results).some((f) => f.includes("rate.retry_after_on_429"))).toBe(true);
  }, 60_000);
});
