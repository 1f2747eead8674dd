import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { HarnessError } from "../errors.js";
import type { Report } from "../report/model.js";
import { buildLoadReport, type LoadDetails } from "./build-report.js";
import { judgeBudgets } from "./judge-budgets.js";
import { createHistogram, decodeHistogram, recordMs } from "./latency-histogram.js";
import { mergeLoad } from "./merge-load.js";
import { mergeLoadReports } from "./merge-reports.js";
import type { LoadProfile } from "./profile.js";
import type { PhaseResult } from "./run-phase.js";
import type { ProfileRun } from "./run-profile.js";
import type { RunDetails } from "./segment-details.js";
import { checkSegments } from "./segment-merge-check.js";
import type { BurstHarness } from "./segment-rate-limit.js";
import { Tallies } from "./tallies.js";
import { driveResult } from "./test-support/drive-result.js";
import { segmentBurst } from "./test-support/segment-burst.js";

const profile: LoadProfile = {
  name: "p",
  description: "p",
  scenario: "throughput",
  mix: [{ operation: "resolve" }],
  connections: 1,
  rate: 100,
  durationSeconds: 10,
  budgets: { latency: { resolve: { p99Ms: 50 } }, errorRate: 0, minThroughput: 150 },
};

/** One shard: `n` responses at 1 ms, `slow` of them at 100 ms, in 10 s. */
function shard(n: number, slow: number, peakRssMiB = 100): ProfileRun {
  const corrected = createHistogram();
  const uncorrected = createHistogram();
  for (let i = 0; i < n; i++) {
    recordMs(corrected, i < slow ? 100 : 1);
    recordMs(uncorrected, 1);
  }
  const latency = new Map([["resolve", { corrected, uncorrected }]]);
  const drive = driveResult({ sent: n, responses: n, maxInFlight: 4, maxInFlightByItem: { resolve: 4 } });
  const phase: PhaseResult = {
    model: "open (fixed rate)",
    latency,
    drive,
    good: n,
    bad: 0,
    throttled: 0,
    statusCounts: { 200: n },
    events: [],
    harnessDelayMs: 0,
  };
  const tallies = new Tallies();
  judgeBudgets(profile.budgets, phase, tallies);
  return {
    profile,
    tallies,
    model: phase.model,
    latency,
    calls: n,
    responses: n,
    statusCounts: { 200: n },
    activeMs: 10_000,
    bad: 0,
    transportErrors: 0,
    closedByServer: 0,
    lateSends: 0,
    lateMs: 0,
    harnessDelayMs: 0,
    peakRssMiB,
  };
}

const meta = { version: "t", startedAt: new Date(), target: { embedded: true }, notes: [], peakRssMiB: 1 };
const status = (r: { results: { id: string; status: string }[] }, id: string) =>
  r.results.find((x) => x.id === id)?.status;

describe("mergeLoadReports", () => {
  it("gates shards as one run: histograms add exactly, rates add, budgets are judged again", () => {
    const a = buildLoadReport([shard(1000, 0, 120)], meta).report;
    const b = buildLoadReport([shard(1000, 15, 180)], meta).report;
    // Alone, shard b breaks p99 (1.5 % slow) and neither reaches 150 requests/s.
    expect(status(b, "load.latency_budget")).toBe("fail");
    expect(status(a, "load.min_throughput")).toBe("fail");
    const { report, sections } = mergeLoadReports(
      [JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b))],
      "t",
    );
    // Together: 15 slow of 2000 (0.75 %) keep p99 inside, and 200 requests/s reach the minimum.
    expect(status(report, "load.latency_budget")).toBe("pass");
    expect(status(report, "load.min_throughput")).toBe("pass");
    expect(report.verdict).toBe("pass");
    const merged = (report.details as { load: LoadDetails }).load.profiles[0];
    expect(merged.responses).toBe(2000);
    // Shards are separate processes: the merged peak memory is the largest shard's.
    expect(merged.peakRssMiB).toBe(180);
    expect(report.notes).toContain("peak memory of cbcheck per profile: p 180 MiB");
    const h = decodeHistogram(merged.items[0].correctedHistogram);
    const union = createHistogram();
    for (let i = 0; i < 2000; i++) recordMs(union, i < 15 ? 100 : 1);
    expect(h.totalCount).toBe(2000);
    for (const p of [50, 99, 99.5, 99.9, 100])
      expect(h.getValueAtPercentile(p)).toBe(union.getValueAtPercentile(p));
    expect(sections).toHaveLength(1);
  });

  it("refuses reports that are not from cbcheck load", () => {
    const a = buildLoadReport([shard(10, 0)], meta).report;
    expect(() => mergeLoadReports([{ ...a, command: "run" }], "t")).toThrow(/cbcheck load/);
  });

  it("never passes a merge with a shard that did not finish (incomplete, interrupted)", () => {
    const dir = mkdtempSync(join(tmpdir(), "cbcheck-merge-"));
    const a = buildLoadReport([shard(1000, 0)], meta).report;
    const b = { ...buildLoadReport([shard(1000, 0)], meta).report, verdict: "interrupted" as const };
    b.reason = "interrupted by SIGINT after 4 judged row(s); the rest has no verdict";
    const files = [join(dir, "a.json"), join(dir, "b.json")];
    writeFileSync(files[0], JSON.stringify(a));
    writeFileSync(files[1], JSON.stringify(b));
    const merged = mergeLoad(files);
    expect(merged.report.verdict).toBe("incomplete");
    expect(merged.stopped).toContain(`shard ${files[1]} is interrupted (interrupted by SIGINT`);
    expect(mergeLoad([files[0], files[0]]).report.verdict).not.toBe("incomplete");
  });
});

/** A segment's report.json (as read back from disk) of run `segment`, seed 7, one plan. */
function segmentReport(segment: string, run: ProfileRun, over: Partial<RunDetails> = {}): Report {
  const details: RunDetails = { segment, seed: 7, runPlan: "sha256:0123", profiles: ["p"], ...over };
  return JSON.parse(JSON.stringify(buildLoadReport([run], { ...meta, run: details }).report));
}

/** A segment of 2 of the profile: its share of the throughput budget (150 / 2). */
const half = (n: number): ProfileRun => ({
  ...shard(n, 0),
  profile: { ...profile, budgets: { ...profile.budgets, minThroughput: 75 } },
});

const sourced = (reports: Report[]) => reports.map((report, i) => ({ source: `s${i + 1}.json`, report }));

describe("load --merge of the segments of one run", () => {
  it("judges the whole on the whole budget: the throughput minimum is the segments' shares added", () => {
    const a = segmentReport("1/2", half(1000));
    const b = segmentReport("2/2", half(400));
    const run = checkSegments(sourced([b, a]));
    expect(run).toMatchObject({ count: 2, seed: 7, runPlan: "sha256:0123", late: [] });
    const { report } = mergeLoadReports([b, a], "t", run);
    const merged = (report.details as { load: LoadDetails }).load;
    expect(merged.profiles[0].budgets?.minThroughput).toBe(150);
    expect(merged.profiles[0].calls).toBe(1400);
    // 140 requests/s of the whole against its 150.
    expect(status(report, "load.min_throughput")).toBe("fail");
    expect(report.seed).toBe(7);
    expect(merged.run).toEqual({ segment: "1/1", seed: 7, runPlan: "sha256:0123", profiles: ["p"] });
    expect(report.notes?.[0]).toMatch(/^merged from the 2 segments of one run \(seed 7, plan sha256:0123\)/);
    const whole = mergeLoadReports(
      [segmentReport("1/2", half(1000)), segmentReport("2/2", half(600))],
      "t",
      run,
    );
    expect(status(whole.report, "load.min_throughput")).toBe("pass");
  });

  it("says which segment started late, and by how much", () => {
    const late = { startAt: "2026-05-04T12:00:00.000Z" };
    const reports = [
      segmentReport("1/2", half(1000), { ...late, lateMs: 20 }),
      segmentReport("2/2", half(1000), { ...late, lateMs: 3400 }),
    ];
    const run = checkSegments(sourced(reports));
    expect(run?.late).toEqual([{ segment: "2/2", lateMs: 3400 }]);
    const { report } = mergeLoadReports(reports, "t", run);
    expect(report.notes).toContain(
      "segment 2/2 started 3.4 s after --start-at 2026-05-04T12:00:00.000Z: the other segments' load ran without its part for that long",
    );
  });

  it("passes the limiter only when every segment's harness kept up during its burst", () => {
    // Two segments' bursts on one key: 12 + 8 2xx (the limit 20), then 429s, in flight together for longer
    // than either harness's lateness.
    const merged = (held: Partial<BurstHarness>) => {
      const reports = [
        withBurst(segmentReport("1/2", half(10)), segmentBurst(12, 4, { spanMs: 100 })),
        withBurst(
          segmentReport("2/2", half(10)),
          segmentBurst(8, 8, { spanMs: 100, startMs: 1, harness: held }),
        ),
      ];
      return mergeLoadReports(reports, "t", checkSegments(sourced(reports))).report;
    };
    const kept = merged({});
    expect(status(kept, "rate.window_holds")).toBe("pass");
    expect(status(kept, "rate.limit_enforced")).toBe("pass");
    const behind = merged({ delayMs: 30 });
    expect(status(behind, "rate.window_holds")).toBe("inconclusive");
    expect(behind.results.find((r) => r.id === "rate.window_holds")?.message).toContain(
      "during segment 2/2's burst this machine held the harness up: its timers fired up to 30 ms late (p99)",
    );
    expect(status(behind, "rate.limit_enforced")).toBe("pass");
    expect(behind.verdict).not.toBe("pass");
  });

  it.each([
    ["a segment missing", [["1/3"], ["3/3"]], /segment 2\/3 missing/],
    [
      "a segment twice",
      [["1/2"], ["1/2"], ["2/2"]],
      /s1\.json and s2\.json are both segment 1\/2|s2\.json and s1\.json/,
    ],
    [
      "another seed",
      [["1/2"], ["2/2", { seed: 8 }]],
      /s2\.json has seed 8, s1\.json has seed 7: not segments of one run/,
    ],
    ["another plan", [["1/2"], ["2/2", { runPlan: "sha256:9999" }]], /plan \(profiles and overrides\)/],
    ["another N", [["1/2"], ["2/3"], ["3/3"]], /segment count 3/],
    [
      "another start",
      [
        ["1/2", { startAt: "a" }],
        ["2/2", { startAt: "b" }],
      ],
      /--start-at b/,
    ],
    ["a whole run among segments", [["1/2"], ["1/1"]], /s2\.json is a whole run, not a segment/],
  ] as [string, [string, Partial<RunDetails>?][], RegExp][])(
    "refuses %s (CB_MERGE_MISMATCH)",
    (_, parts, message) => {
      const reports = parts.map(([segment, over]) => segmentReport(segment, half(10), over));
      expect(() => checkSegments(sourced(reports))).toThrow(message);
      try {
        checkSegments(sourced(reports));
      } catch (err) {
        expect((err as HarnessError).code).toBe("CB_MERGE_MISMATCH");
      }
    },
  );

  it("merges whole runs side by side (1/1, or reports before segments) as shards, as before", () => {
    expect(
      checkSegments(sourced([segmentReport("1/1", shard(10, 0)), segmentReport("1/1", shard(10, 0))])),
    ).toBe(undefined);
    expect(checkSegments(sourced([buildLoadReport([shard(10, 0)], meta).report]))).toBe(undefined);
  });
});

/** The report with its one profile's rate-limit burst, as a split rate-limit profile's report carries it. */
function withBurst(report: Report, burst: ReturnType<typeof segmentBurst>): Report {
  (report.details as { load: LoadDetails }).load.profiles[0].burst = burst;
  return report;
}
