import { describe, expect, it } from "vitest";
import { HarnessError } from "../errors.js";
import { mergeShardReports } from "./merge-reports.js";
import type { CheckResult, Report } from "./model.js";
import { combinedStatus } from "./status-rank.js";

function row(id: string, status: CheckResult["status"], exchanges = 1): CheckResult {
  return { id, suite: "negative", status, sentence: "s", exchanges, counterexamples: [] };
}

function shard(index: number, count: number, results: CheckResult[], patch: Partial<Report> = {}): Report {
  return {
    tool: "cbcheck",
    version: "0.1.0",
    command: "run",
    startedAt: `2026-11-23T10:0${index}:00.000Z`,
    finishedAt: `2026-11-23T10:0${index}:30.000Z`,
    seed: 7,
    target: { baseUrl: "http://127.0.0.1:8080/v1" },
    verdict: results.some((r) => r.status === "fail") ? "fail" : "pass",
    summary: { passed: 0, failed: 0, skipped: 0, warnings: 0, inconclusive: 0, calls: 10 },
    results,
    shard: `${index}/${count}`,
    ...patch,
  };
}

function refusal(reports: Report[]): string {
  try {
    mergeShardReports(reports.map((report, i) => ({ source: `dir${i + 1}`, report })));
  } catch (err) {
    expect(err).toBeInstanceOf(HarnessError);
    return (err as HarnessError).message;
  }
  throw new Error("merged");
}

describe("mergeShardReports", () => {
  it("adds up counts and calls, and a row failed in any shard fails the merged verdict", () => {
    const merged = mergeShardReports([
      { source: "a", report: shard(1, 2, [row("negative.x", "pass", 2), row("negative.y", "skip")]) },
      { source: "b", report: shard(2, 2, [row("negative.x", "fail", 3), row("negative.y", "pass")]) },
    ]);
    expect(merged.verdict).toBe("fail");
    expect(merged.summary).toEqual({
      passed: 1,
      failed: 1,
      skipped: 0,
      warnings: 0,
      inconclusive: 0,
      calls: 20,
    });
    expect(merged.results.find((r) => r.id === "negative.x")?.exchanges).toBe(5);
    expect(merged.startedAt).toBe("2026-11-23T10:01:00.000Z");
    expect(merged.finishedAt).toBe("2026-11-23T10:02:30.000Z");
  });

  it("is incomplete, never pass or interrupted, when a shard did not finish", () => {
    const merged = mergeShardReports([
      { source: "a", report: shard(1, 2, [row("negative.x", "pass")]) },
      {
        source: "b",
        report: shard(2, 2, [row("negative.z", "pass")], {
          verdict: "interrupted",
          reason: "interrupted by SIGINT after 1 judged row(s); the rest has no verdict",
        }),
      },
    ]);
    expect(merged.verdict).toBe("incomplete");
    expect(merged.reason).toBe(
      "shard 2/2 (b) ended interrupted: interrupted by SIGINT after 1 judged row(s); the rest has no verdict",
    );
  });

  it("combines a row's statuses by the run's own table: judged in one shard and unjudgeable in another is judged", () => {
    const merged = mergeShardReports([
      { source: "a", report: shard(1, 2, [row("negative.x", "pass"), row("negative.y", "inconclusive")]) },
      {
        source: "b",
        report: shard(2, 2, [row("negative.x", "inconclusive"), row("negative.y", "inconclusive")]),
      },
    ]);
    // As one unsharded run's ResultCollector would have it: pass outranks inconclusive; nobody judged y.
    expect(merged.results.find((r) => r.id === "negative.x")?.status).toBe("pass");
    expect(merged.results.find((r) => r.id === "negative.y")?.status).toBe("inconclusive");
    const order: CheckResult["status"][] = ["skip", "inconclusive", "pass", "warn", "fail"];
    for (const [i, a] of order.entries())
      for (const b of order.slice(i)) {
        expect(combinedStatus(a, b)).toBe(b);
        expect(combinedStatus(b, a)).toBe(b);
      }
  });

  it("passes when every shard passed", () => {
    const merged = mergeShardReports([
      { source: "a", report: shard(1, 2, [row("negative.x", "pass")]) },
      { source: "b", report: shard(2, 2, [row("negative.z", "pass")]) },
    ]);
    expect(merged.verdict).toBe("pass");
    expect(merged.results).toHaveLength(2);
  });

  it("refuses shards of different seeds, targets, versions or shard counts, twins and gaps", () => {
    expect(refusal([shard(1, 2, []), shard(2, 2, [], { seed: 8 })])).toMatch(/seed 8.*not one run/);
    expect(refusal([shard(1, 2, []), shard(2, 2, [], { target: { baseUrl: "http://x/v1" } })])).toMatch(
      /target/,
    );
    expect(refusal([shard(1, 2, []), shard(2, 2, [], { version: "9.9.9" })])).toMatch(/version/);
    expect(refusal([shard(1, 2, []), shard(2, 3, [])])).toMatch(/shard count/);
    expect(refusal([shard(1, 2, []), shard(1, 2, [])])).toMatch(/both shard 1\/2/);
    expect(refusal([shard(1, 3, []), shard(3, 3, [])])).toMatch(/shard 2\/3 missing/);
    expect(refusal([shard(1, 1, [], { command: "load" })])).toMatch(/cbcheck load/);
  });
});
