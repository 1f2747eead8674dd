/**
 * The coverage gate (`--fail-on-unexercised`, `--min-exercised N`): on one run, on a shard (left to the merge)
 * and on merged shards (a rule exercised in any shard is exercised).
 */
import { describe, expect, it } from "vitest";
import { mergeShardReports } from "../report/merge-reports.js";
import type { CoverageRule, Report } from "../report/model.js";
import { failingUnexercised, unexercisedOutcome } from "./coverage.js";
import { applyCoverageGate, recordedCoverageGate } from "./coverage-gate.js";
import { resolveRunOptions } from "./options.js";
import { runConformance } from "./run-conformance.js";

const seen = { statuses: {}, errorCodes: {}, nodeTypes: {}, predicates: {}, extensions: {} };
const NO_RESPONSE = "no recorded response it applies to";

function shard(index: number, rules: CoverageRule[], gate?: number): Report {
  return {
    tool: "cbcheck",
    version: "0.1.0",
    command: "run",
    startedAt: "2026-11-23T10:00:00.000Z",
    finishedAt: "2026-11-23T10:01:00.000Z",
    seed: 7,
    target: { baseUrl: "http://127.0.0.1:8080/v1" },
    verdict: "pass",
    summary: { passed: 1, failed: 0, skipped: 0, warnings: 0, inconclusive: 0, calls: 5 },
    results: [
      {
        id: "http.json_body",
        suite: "http",
        status: "pass",
        sentence: "s",
        exchanges: 1,
        counterexamples: [],
      },
    ],
    shard: `${index}/2`,
    coverage: { rules, unexercised: rules.filter((r) => r.reason).length, seen },
    ...(gate ? { details: { coverageGate: { minExercised: gate } } } : {}),
  };
}

describe("the coverage gate", () => {
  it("with a minimum N fails rules that judged fewer than N exchanges; a rule judged on counts is exercised", () => {
    const coverage = {
      rules: [
        { id: "a.two", exchanges: 2 },
        { id: "a.three", exchanges: 3 },
        { id: "a.counted", exchanges: 0 },
        { id: "a.never", exchanges: 0, reason: NO_RESPONSE },
        { id: "a.exempt", exchanges: 0, reason: "suite x not selected", exempt: true },
      ],
      unexercised: 2,
      seen,
    };
    expect(failingUnexercised(coverage, 1).map((r) => r.id)).toEqual(["a.never"]);
    expect(failingUnexercised(coverage, 3).map((r) => r.id)).toEqual(["a.two", "a.never"]);
    expect(unexercisedOutcome(coverage, 3)?.message).toBe(
      `2 rule(s) judged fewer than 3 exchanges: a.two (judged 2 exchanges, under --min-exercised 3); a.never (${NO_RESPONSE})`,
    );
  });

  it("on merged shards counts a rule exercised in any shard, and adds the exchanges up", () => {
    const merged = mergeShardReports([
      {
        source: "s1",
        report: shard(
          1,
          [
            { id: "a.one_shard", exchanges: 2 },
            { id: "a.split", exchanges: 1 },
            { id: "a.none", exchanges: 0, reason: NO_RESPONSE },
          ],
          1,
        ),
      },
      {
        source: "s2",
        report: shard(
          2,
          [
            { id: "a.one_shard", exchanges: 0, reason: NO_RESPONSE },
            { id: "a.split", exchanges: 1 },
            { id: "a.none", exchanges: 0, reason: NO_RESPONSE },
          ],
          1,
        ),
      },
    ]);
    const gate = recordedCoverageGate([shard(1, [], 1), shard(2, [], 2)]);
    expect(gate).toBe(2);
    const once = applyCoverageGate(merged, 1);
    expect(once.verdict).toBe("fail");
    const row = once.results.find((r) => r.id === "run.rule_unexercised");
    expect(row?.status).toBe("fail");
    expect(row?.message).toBe(`1 rule(s) judged no exchange: a.none (${NO_RESPONSE})`);
    expect(once.summary.failed).toBe(1);
    // Two exchanges each, over both shards: a.split (1 + 1) and a.one_shard (2) pass a minimum of 2.
    const twice = applyCoverageGate(merged, 2);
    expect(twice.results.find((r) => r.id === "run.rule_unexercised")?.message).toMatch(
      /^1 rule\(s\) .*a\.none/,
    );
    const three = applyCoverageGate(merged, 3);
    expect(three.results.find((r) => r.id === "run.rule_unexercised")?.message).toMatch(/^3 rule\(s\)/);
    expect(applyCoverageGate(merged, 0)).toBe(merged);
  });

  it("leaves the gate of a shard to the merge: no failure in the shard, the minimum recorded", async () => {
    const options = resolveRunOptions({
      seed: 1,
      runs: 2,
      suites: ["http"],
      shard: "1/2",
      failOnUnexercised: true,
    });
    const { report } = await runConformance(options);
    expect(report.results.some((r) => r.id === "run.rule_unexercised")).toBe(false);
    expect(report.details?.coverageGate).toEqual({ minExercised: 1 });
    expect(report.notes?.some((n) => /coverage gate .* left to cbcheck merge/.test(n))).toBe(true);
    expect(report.rerun).toMatch(/--fail-on-unexercised/);
    // The same run unsharded judges the gate itself.
    const whole = await runConformance(
      resolveRunOptions({ seed: 1, runs: 2, suites: ["http"], minExercised: 2 }),
    );
    expect(whole.report.results.find((r) => r.id === "run.rule_unexercised")?.status).toBe("fail");
    expect(whole.report.rerun).toMatch(/--min-exercised 2/);
  });
});
