import { describe, expect, it } from "vitest";
import { loadSummaryText } from "../load/summary-text.js";
import { summaryText } from "../runner/summary-text.js";
import { failureSummaryLines } from "./failure-summary.js";
import type { CheckResult, Report } from "./model.js";
import { sampleReport } from "./test-support/sample-report.js";

/** A failing row of rule `id` on `operation` whose counterexamples have these titles. */
const row = (
  id: string,
  operation: string,
  titles: string[],
  failedExchanges = titles.length,
): CheckResult => ({
  id,
  suite: "schema",
  operation,
  status: "fail",
  sentence: `sentence of ${id}`,
  failedExchanges,
  counterexamples: titles.map((title) => ({
    title,
    expected: "null",
    received: "1",
    status: 200,
    request: { method: "GET", url: `http://t/v1/${operation}` },
  })),
});

const reportOf = (results: CheckResult[]): Report => ({ ...sampleReport(), results });

describe("failureSummaryLines", () => {
  // 20 rules: r00 broke the most exchanges; r00 has 5 causes.
  const results = [
    row("rule.r00", "resolve", ["status 500", "status 502", "status 503", "status 504", "status 501"], 100),
    ...Array.from({ length: 19 }, (_, i) =>
      row(`rule.r${String(i + 1).padStart(2, "0")}`, "me", ["x"], 50 - i),
    ),
  ];
  const lines = failureSummaryLines(reportOf(results), { replayDir: "reports/run/latest" });
  const text = lines.join("\n");

  it("heads the failures with the number of rules broken", () => {
    expect(lines[0]).toBe(
      "Failures: 20 rules broken (20 checks); the rules that broke the most exchanges first:",
    );
  });

  it("details the five widest rules: extent, sentence, up to three causes with curl and replay lines", () => {
    expect(text).toContain(
      "FAIL rule.r00: 100 exchanges, 1 check, 1 operation (resolve)\n  Contract: sentence of rule.r00",
    );
    expect(text).toContain(
      [
        "  - status 500 (1×: resolve)",
        "      expected: null; received: 1; status 200",
        "      Reproduce with: curl -X GET http://t/v1/resolve",
        "      Replay with: cbcheck replay reports/run/latest --index 1",
      ].join("\n"),
    );
    expect(text).toContain("  - status 503 (1×: resolve)");
    expect(text).not.toContain("  - status 504");
    expect(text).toContain("  … and 2 more causes");
    expect(lines.filter((l) => l.startsWith("  Contract: "))).toHaveLength(5);
  });

  it("lists the next ten rules one line each, then says how many more", () => {
    expect(text).toContain("FAIL rule.r05: 46 exchanges, 1 check, 1 operation (me) — x");
    expect(lines.filter((l) => / — x$/.test(l))).toHaveLength(10);
    expect(text).toContain("… and 5 more failing rules (report.md lists every rule)");
    expect(text).not.toContain("rule.r15");
  });

  it("names a target off this machine on the replay lines (replay sends a key only where the user says)", () => {
    const remote = failureSummaryLines(reportOf(results), {
      replayDir: "r",
      replayBaseUrl: "https://api.example.com/v1",
    });
    expect(remote).toContain(
      "      Replay with: cbcheck replay r --index 1 --base-url https://api.example.com/v1",
    );
  });

  it("prints no replay line without a report.json to replay from", () => {
    expect(failureSummaryLines(reportOf(results)).join("\n")).not.toContain("Replay with");
  });

  it("is empty when nothing failed", () => {
    expect(failureSummaryLines(reportOf([{ ...results[0], status: "pass" }]))).toEqual([]);
  });

  it("is the failure text of the run, merge and load summaries", () => {
    const report = reportOf(results);
    const block = failureSummaryLines(report).join("\n");
    expect(summaryText(report)).toContain(block);
    expect(loadSummaryText({ ...report, command: "load" })).toContain(block);
    expect(summaryText(report, ["/r/junit.xml", "/r/report.json"])).toContain(
      "Replay with: cbcheck replay /r --index 1",
    );
  });
});
