/**
 * One verdict for every output: decided from the rows and the stop, rendered the same in report.md,
 * report.html and junit.xml, and mapped to the exit code — a stopped run never reads PASS anywhere.
 */
import { describe, expect, it } from "vitest";
import { errorReport } from "./error-report.js";
import { htmlReporter } from "./html.js";
import { junitReporter } from "./junit.js";
import { markdownReporter } from "./markdown.js";
import type { CheckResult, Report } from "./model.js";
import { sampleReport } from "./test-support/sample-report.js";
import { decideVerdict, exitCodeOf, markInterrupted } from "./verdict.js";

const row = (status: CheckResult["status"], id = "x.rule"): CheckResult => ({
  id,
  suite: "schema",
  status,
  sentence: "A sentence.",
  counterexamples: [],
});

/** The sample report with only passing rows and the given verdict. */
function passingReport(verdict: Pick<Report, "verdict" | "reason">): Report {
  const report = sampleReport();
  return { ...report, ...verdict, results: [row("pass")], notes: [] };
}

describe("decideVerdict", () => {
  it("fails on any failure, even when the run stopped early", () => {
    expect(decideVerdict([row("pass"), row("fail")], { stopped: "deadline" })).toEqual({ verdict: "fail" });
  });

  it("makes a stopped run incomplete, with why, never pass", () => {
    expect(decideVerdict([row("pass")], { stopped: "stopped at --max-calls 5" })).toEqual({
      verdict: "incomplete",
      reason: "stopped at --max-calls 5",
    });
  });

  it("makes inconclusive rows incomplete unless allowed", () => {
    const rows = [row("pass"), row("inconclusive", "harness.check_crashed")];
    const decided = decideVerdict(rows);
    expect(decided.verdict).toBe("incomplete");
    expect(decided.reason).toContain("harness.check_crashed");
    expect(decided.reason).toContain("--allow-inconclusive");
    expect(decideVerdict(rows, { allowInconclusive: true })).toEqual({ verdict: "pass" });
    expect(decideVerdict([row("pass"), row("skip"), row("warn")])).toEqual({ verdict: "pass" });
  });

  it("maps every verdict to its exit code", () => {
    expect(exitCodeOf("pass")).toBe(0);
    expect(exitCodeOf("fail")).toBe(1);
    expect(exitCodeOf("incomplete")).toBe(2);
    expect(exitCodeOf("error")).toBe(2);
    expect(exitCodeOf("interrupted", "SIGINT")).toBe(130);
    expect(exitCodeOf("interrupted", "SIGTERM")).toBe(143);
  });
});

describe("verdicts other than pass and fail in the reports", () => {
  const reports = [
    passingReport({ verdict: "incomplete", reason: "stopped at --max-calls 5; no verdict" }),
    markInterrupted(passingReport({ verdict: "pass" }), "SIGTERM"),
    errorReport({
      command: "run",
      startedAt: new Date(0),
      code: "CB_TARGET_UNREACHABLE",
      message: "cannot reach http://127.0.0.1:9/v1: connection refused",
    }),
  ];

  it.each(reports)("never show PASS and say why ($verdict)", (report) => {
    const md = markdownReporter.render(report, []);
    const html = htmlReporter.render(report, []);
    expect(md).toContain(`# cbcheck run: ${report.verdict.toUpperCase()}`);
    expect(md).toContain(report.reason!.slice(0, 30));
    expect(md).not.toMatch(/: PASS/);
    expect(html).toContain(`cbcheck run: ${report.verdict.toUpperCase()}`);
    expect(html).not.toContain("PASS</div>");
  });

  it.each(reports)("are one JUnit <error> a CI tool cannot read as green ($verdict)", (report) => {
    const xml = junitReporter.render(report, []);
    expect(xml).toMatch(/<testsuites name="cbcheck run" tests="\d+" failures="0" errors="1"/);
    expect(xml).toContain(`<testcase name="cbcheck run: ${report.verdict}" classname="cbcheck">`);
    expect(xml).toMatch(/<error message="[^"]+" type="[^"]+">/);
  });

  it("gives a harness error its code as the JUnit error type", () => {
    const xml = junitReporter.render(reports[2], []);
    expect(xml).toContain('type="CB_TARGET_UNREACHABLE"');
    expect(reports[2]).toMatchObject({ verdict: "error", error: { code: "CB_TARGET_UNREACHABLE" } });
  });

  it("adds no error to pass and fail", () => {
    expect(junitReporter.render(passingReport({ verdict: "pass" }), [])).toContain('errors="0"');
    expect(junitReporter.render(sampleReport(), [])).not.toContain("<error");
  });
});
