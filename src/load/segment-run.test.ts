/**
 * A segment's run in-process: the options it refuses in one line, the plan digest every segment of a run
 * shares, and the report a segment writes — its part, its run details, and its start against --start-at,
 * waited for on a SkippingClock (no real waiting) and said when late.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../server/index.js";
import type { RunningServer } from "../server/types.js";
import { SkippingClock } from "../test-support/clocks.js";
import type { LoadDetails } from "./build-report.js";
import { type LoadOptions, resolveLoadOptions } from "./load-options.js";
import { runLoad } from "./run-load.js";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ rateLimit: 1e9, callsPerDay: 1e9, recordsPerDay: 1e12 });
});
afterAll(() => server?.close());

const target = (): LoadOptions => ({
  baseUrl: server.url,
  env: { CB_API_KEY: server.keys.plus },
  profiles: ["latency"],
  durationSeconds: 0.5,
  expectRateLimit: "6000/60",
});

describe("resolveLoadOptions with --segment", () => {
  it.each([
    [{ segment: "1/2", baseUrl: undefined }, /--segment splits one run over processes that load one target/],
    // Every segment refuses it, the first (which would get one call) as well as the last (none).
    [{ segment: "1/4", maxCalls: 3 }, /--max-calls 3 is a cap over the whole run/],
    [{ segment: "4/4", maxCalls: 3 }, /--max-calls 3 is a cap over the whole run/],
    [{ segment: "3/2" }, /--segment/],
    [{ startAt: "2026-05-04T12:00:00Z", startAfter: 5 }, /not both/],
  ])("refuses %j in one line (CB_USAGE)", (over, message) => {
    expect(() => resolveLoadOptions({ ...target(), ...over })).toThrow(message);
  });

  it("gives every segment of one run the same plan digest, and another run another", () => {
    const plan = (over: LoadOptions) => resolveLoadOptions({ ...target(), ...over }).runPlan;
    expect(plan({ segment: "1/4" })).toBe(plan({ segment: "3/4" }));
    expect(plan({ segment: "1/4" })).toBe(plan({}));
    expect(plan({ segment: "1/4", durationSeconds: 1 })).not.toBe(plan({ segment: "3/4" }));
    expect(plan({ segment: "1/4", expectRateLimit: "600/60" })).not.toBe(plan({ segment: "3/4" }));
  });

  it("runs the segment's part: a quarter of the rate, of the throughput budget and of --max-calls", () => {
    const whole = resolveLoadOptions({ ...target(), maxCalls: 1001 });
    const part = resolveLoadOptions({ ...target(), maxCalls: 1001, segment: "2/4" });
    expect(part.profiles[0].rate).toBeCloseTo((whole.profiles[0].rate ?? 0) / 4, 9);
    expect(part.profiles[0].budgets?.minThroughput).toBeCloseTo(10, 9);
    // 1001 = 251 + 250 + 250 + 250: the remainder on the lowest segment.
    expect(part.maxCalls).toBe(250);
    expect(resolveLoadOptions({ ...target(), maxCalls: 1001, segment: "1/4" }).maxCalls).toBe(251);
  });
});

describe("a segment's report", () => {
  it("waits for --start-at on the clock, and carries the segment, seed, plan and start", async () => {
    const clock = new SkippingClock();
    const startAt = new Date(Math.ceil((clock.now() + 30_000) / 1000) * 1000).toISOString();
    const options = resolveLoadOptions({ ...target(), segment: "2/2", seed: 9, startAt, clock });
    const { report } = await runLoad(options);
    const run = (report.details as { load: LoadDetails }).load.run;
    expect(run).toMatchObject({ segment: "2/2", seed: 9, runPlan: options.runPlan, profiles: ["latency"] });
    expect(run?.startAt).toBe(startAt);
    expect(run?.lateMs).toBeLessThan(1000);
    // The wait was skipped, not slept (the test's timeout is 30 s).
    expect(clock.skippedMs).toBeGreaterThan(0);
    expect(Date.parse(run?.startedAt ?? "")).toBeGreaterThanOrEqual(Date.parse(startAt));
    expect(report.seed).toBe(9);
    expect(report.notes?.some((n) => /^segment 2\/2 of a run split over 2 processes \(seed 9/.test(n))).toBe(
      true,
    );
    expect(report.notes?.some((n) => /\(late\)/.test(n))).toBe(false);
  }, 30_000);

  it("of a split rate-limit profile keeps its burst's calls and whether its harness kept up, for the merge", async () => {
    // A limit of 20 per 2 s: the whole burst is 20 × 1.5 + 8 connections = 38 calls, 19 in this segment.
    const options = resolveLoadOptions({
      ...target(),
      profiles: ["rate-limit"],
      expectRateLimit: "20/2",
      segment: "2/2",
      clock: new SkippingClock(),
    });
    const { report } = await runLoad(options);
    const { burst } = (report.details as { load: LoadDetails }).load.profiles[0];
    // One span per answered call (a call this busy machine let time out has none).
    expect(burst?.spans.length).toBeGreaterThan(0);
    expect(burst?.spans.length).toBeLessThanOrEqual(19);
    expect(burst?.harness).toEqual({
      sent: 19,
      lateSends: expect.any(Number),
      lateMs: expect.any(Number),
      delayMs: expect.any(Number),
    });
  }, 30_000);

  it("starts at once when --start-at has passed, and says how late", async () => {
    const clock = new SkippingClock();
    const startAt = new Date(clock.now() - 5_000).toISOString();
    const options = resolveLoadOptions({ ...target(), segment: "1/2", startAt, clock });
    const { report } = await runLoad(options);
    const run = (report.details as { load: LoadDetails }).load.run;
    expect(run?.lateMs).toBeGreaterThanOrEqual(5_000);
    expect(report.notes).toContainEqual(
      expect.stringMatching(/^segment 1\/2 started \d+\.\d s after --start-at .* \(late\)/),
    );
  }, 30_000);
});
