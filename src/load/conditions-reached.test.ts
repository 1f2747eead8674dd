/**
 * Load verdicts that need a condition say when it was not reached (issue 22 §1), on measured figures: no 5xx
 * under concurrency passes only when the connections were all in flight at once; a latency or throughput
 * budget missed while this machine held the harness up (timers late, sends behind their own schedule) is
 * inconclusive, not a failure of the target.
 */
import { describe, expect, it } from "vitest";
import { BATCH } from "../verdicts/limits.js";
import { LOAD } from "../verdicts/load.js";
import { assembleReport, tallyRows } from "./build-report.js";
import type { DriveResult } from "./drive-load.js";
import { HELD_UP_MS, harnessBehind, judgeBudgets } from "./judge-budgets.js";
import { createHistogram, recordMs } from "./latency-histogram.js";
import type { PhaseResult } from "./run-phase.js";
import { judgeNo5xx } from "./run-profile.js";
import { Tallies } from "./tallies.js";
import { driveResult } from "./test-support/drive-result.js";

/** The drives of these tests: 8 connections, 6 of them at most on a batch of 100. */
const drive = (o: Partial<DriveResult> = {}) => driveResult({ maxInFlightByItem: { "batch-100": 6 }, ...o });

/** A phase at 50 requests/s whose `resolve` answers took `ms`. */
function phase(
  ms: number,
  o: { drive?: Partial<DriveResult>; harnessDelayMs?: number; harnessDelayMaxMs?: number } = {},
): PhaseResult {
  const corrected = createHistogram();
  const uncorrected = createHistogram();
  for (let i = 0; i < 500; i++) {
    recordMs(corrected, ms);
    recordMs(uncorrected, ms);
  }
  return {
    model: "open (fixed rate)",
    latency: new Map([["resolve", { corrected, uncorrected }]]),
    drive: drive(o.drive),
    good: 500,
    bad: 0,
    throttled: 0,
    statusCounts: { 200: 500 },
    events: [],
    harnessDelayMs: o.harnessDelayMs ?? 1,
    ...(o.harnessDelayMaxMs === undefined ? {} : { harnessDelayMaxMs: o.harnessDelayMaxMs }),
  };
}

/** 8 batches of 100 the harness saw in flight at once for 20 ms, sent 1 ms apart. */
const eightBatches = () =>
  Array.from({ length: 8 }, (_, i) => ({ name: "batch-100", status: 200, sentAt: i, endedAt: i + 20 }));

const BUDGETS = { latency: { resolve: { p50Ms: 45 } }, minThroughput: 40 };
const row = (t: Tallies, id: string) => t.all().find((f) => f.id === id)!;

describe("batch.no_5xx_under_concurrency", () => {
  it("passes only when every connection was in flight at once, and says how many were", () => {
    const passed = new Tallies();
    judgeNo5xx({ statusCounts: { 200: 80 }, drive: drive({ maxInFlight: 8 }) }, passed, 8);
    expect(row(passed, BATCH.no5xx.id)).toMatchObject({ judged: 1, failed: 0 });
    expect(row(passed, BATCH.no5xx.id).inconclusive).toBeUndefined();

    const starved = new Tallies();
    judgeNo5xx({ statusCounts: { 200: 80 }, drive: drive({ maxInFlight: 1 }) }, starved, 8);
    expect(row(starved, BATCH.no5xx.id)).toMatchObject({ failed: 0, inconclusive: true });
    expect(row(starved, BATCH.no5xx.id).message).toMatch(/at most 1 in flight at once \(of 8; batch-100 6\)/);
  });

  it("counts as in flight only what overlapped by more than the harness's lateness (the target may have taken them one by one)", () => {
    // 8 batches the harness saw at once for 20 ms, while its loop was 12 ms late: no moment certainly had two.
    const spans = eightBatches();
    const late = new Tallies();
    judgeNo5xx(
      { statusCounts: { 200: 8 }, drive: drive({ maxInFlight: 8 }), events: spans, harnessDelayMs: 12 },
      late,
      8,
    );
    expect(row(late, BATCH.no5xx.id)).toMatchObject({ failed: 0, inconclusive: true });
    expect(row(late, BATCH.no5xx.id).message).toMatch(
      /at most 0 in flight at once \(of 8, counting only overlaps longer than the harness's 12 ms lateness; batch-100 6\)/,
    );
    const kept = new Tallies();
    judgeNo5xx(
      { statusCounts: { 200: 8 }, drive: drive({ maxInFlight: 8 }), events: spans, harnessDelayMs: 1 },
      kept,
      8,
    );
    expect(row(kept, BATCH.no5xx.id).inconclusive).toBeUndefined();
    expect(row(kept, BATCH.no5xx.id)).toMatchObject({ judged: 1, failed: 0 });
  });

  it("discounts overlaps by the lateness of their own moment when the phase kept a timeline", () => {
    // The p99 (12 ms) came from a hold-up long after these batches; at their moment the loop was 1 ms late.
    const spans = eightBatches();
    const phase = { statusCounts: { 200: 8 }, drive: drive({ maxInFlight: 8 }), events: spans };
    const quiet = new Tallies();
    judgeNo5xx({ ...phase, harnessDelayMs: 12, latenessAt: (t) => (t > 1000 ? 12 : 1) }, quiet, 8);
    expect(row(quiet, BATCH.no5xx.id)).toMatchObject({ judged: 1, failed: 0 });
    expect(row(quiet, BATCH.no5xx.id).message).toMatch(
      /at most 8 in flight at once \(of 8, counting only overlaps longer than the harness's lateness at their moment \(p99 12 ms\)/,
    );
    // Held up at their own moment, the same batches prove nothing.
    const held = new Tallies();
    judgeNo5xx({ ...phase, harnessDelayMs: 12, latenessAt: () => 12 }, held, 8);
    expect(row(held, BATCH.no5xx.id)).toMatchObject({ failed: 0, inconclusive: true });
  });

  it("fails a 5xx however little concurrency there was", () => {
    const t = new Tallies();
    judgeNo5xx({ statusCounts: { 200: 79, 500: 1 }, drive: drive({ maxInFlight: 1 }) }, t, 8);
    expect(row(t, BATCH.no5xx.id).failed).toBe(1);
  });
});

describe("latency and throughput budgets on a harness held up", () => {
  it("fail when the harness kept up", () => {
    const t = new Tallies();
    judgeBudgets(BUDGETS, phase(120, { drive: { responses: 100 } }), t);
    expect(row(t, LOAD.latencyBudget.id).failed).toBe(1);
    expect(row(t, LOAD.minThroughput.id).failed).toBe(1);
  });

  it("are inconclusive when sends went late on their own schedule", () => {
    const t = new Tallies();
    judgeBudgets(BUDGETS, phase(120, { drive: { responses: 100, lateSends: 40, lateMs: 2000 } }), t);
    for (const id of [LOAD.latencyBudget.id, LOAD.minThroughput.id]) {
      expect(row(t, id)).toMatchObject({ failed: 0, inconclusive: true });
      expect(row(t, id).message).toMatch(/fell behind its own schedule: 40 of 500 sends/);
    }
  });

  it("are inconclusive when the harness's own timers fired late", () => {
    const t = new Tallies();
    judgeBudgets(BUDGETS, phase(120, { harnessDelayMs: HELD_UP_MS + 80 }), t);
    expect(row(t, LOAD.latencyBudget.id)).toMatchObject({ failed: 0, inconclusive: true });
    expect(row(t, LOAD.latencyBudget.id).message).toMatch(
      /held the harness up: its timers fired up to 100 ms late/,
    );
  });

  it("fail all the same when the answers are over budget by more than the harness can have added to any", () => {
    // Timers up to 120 ms late, 40 sends late by 200 ms in all: at most 10 + 200 + 120 ms added to an answer.
    const held = { harnessDelayMs: HELD_UP_MS + 80, harnessDelayMaxMs: 120 };
    const slow = new Tallies();
    judgeBudgets(BUDGETS, phase(400, { ...held, drive: { lateSends: 40, lateMs: 200 } }), slow);
    expect(row(slow, LOAD.latencyBudget.id)).toMatchObject({ failed: 1 });
    expect(row(slow, LOAD.latencyBudget.id).inconclusive).toBeUndefined();
    expect(row(slow, LOAD.latencyBudget.id).examples[0].evidence?.join("\n")).toMatch(
      /still over budget by more than the 330 ms this harness can have added to any answer/,
    );
    // 370 ms less 330 is within the 45 ms budget: the harness may have made it slow, so no verdict.
    const near = new Tallies();
    judgeBudgets(BUDGETS, phase(370, { ...held, drive: { lateSends: 40, lateMs: 200 } }), near);
    expect(row(near, LOAD.latencyBudget.id)).toMatchObject({ failed: 0, inconclusive: true });
    // A phase that did not measure its longest delay (a merged one) cannot bound it: no verdict either.
    const unbounded = new Tallies();
    judgeBudgets(BUDGETS, phase(400, { harnessDelayMs: HELD_UP_MS + 80 }), unbounded);
    expect(row(unbounded, LOAD.latencyBudget.id)).toMatchObject({ failed: 0, inconclusive: true });
    // A target in this process stalled with the harness, once per stall that held its answer up: the same
    // figures that fail a separate target bound nothing there.
    const shared = new Tallies();
    judgeBudgets(BUDGETS, phase(400, { ...held, drive: { lateSends: 40, lateMs: 200 } }), shared, {
      sharesProcess: true,
    });
    expect(row(shared, LOAD.latencyBudget.id)).toMatchObject({ failed: 0, inconclusive: true });
    // On a machine that did not hold the harness up, a slow target in this process still fails.
    const quiet = new Tallies();
    judgeBudgets(BUDGETS, phase(400), quiet, { sharesProcess: true });
    expect(row(quiet, LOAD.latencyBudget.id)).toMatchObject({ failed: 1 });
  });

  it("still pass when the figures are within budget, however busy the machine was", () => {
    const t = new Tallies();
    judgeBudgets(BUDGETS, phase(10, { harnessDelayMs: 500 }), t);
    expect(row(t, LOAD.latencyBudget.id)).toMatchObject({ failed: 0, judged: 1 });
    expect(row(t, LOAD.latencyBudget.id).inconclusive).toBeUndefined();
  });

  it("a harness counts as behind only past one late send in a hundred", () => {
    expect(harnessBehind({ harnessDelayMs: 0, drive: drive({ lateSends: 5 }) })).toBeUndefined();
    expect(harnessBehind({ harnessDelayMs: 0, drive: drive({ lateSends: 6 }) })).toMatch(/fell behind/);
  });
});

describe("the run's verdict", () => {
  it("is incomplete, never a pass, when a verdict could not be reached; --allow-inconclusive accepts it", () => {
    const t = new Tallies();
    judgeNo5xx({ statusCounts: { 200: 80 }, drive: drive({ maxInFlight: 1 }) }, t, 8);
    const rows = tallyRows("batch-limits", t.all());
    const meta = { version: "t", startedAt: new Date(), target: { embedded: true }, notes: [] };
    const details = { profiles: [], peakRssMiB: 1 };
    const report = assembleReport(rows, details, meta);
    expect(report.verdict).toBe("incomplete");
    expect(report.reason).toMatch(/batch\.no_5xx_under_concurrency/);
    expect(assembleReport(rows, details, { ...meta, allowInconclusive: true }).verdict).toBe("pass");
  });
});
