import { describe, expect, it } from "vitest";
import { errorReport } from "./error-report.js";
import { junitReporter } from "./junit.js";
import type { Report } from "./model.js";
import { HOSTILE, sampleReport } from "./test-support/sample-report.js";
import { junitXsdErrors } from "./test-support/standards/validate.js";
import { markInterrupted } from "./verdict.js";

describe("junitReporter", () => {
  const xml = junitReporter.render(sampleReport(), []);

  it("writes a testsuite per suite and a testcase per row", () => {
    expect(xml.match(/<testsuite /g)).toHaveLength(5);
    expect(xml.match(/<testcase /g)).toHaveLength(6);
    expect(xml).toMatch(/<testsuites name="cbcheck run" tests="6" failures="2" errors="0" time="60.000">/);
    expect(xml).toContain('<testcase name="resolve.cursor_null [resolve]" classname="schema">');
  });

  it("carries times (the run's, and a suite's where it was measured) and properties to repeat the run", () => {
    const timed = junitReporter.render({ ...sampleReport(), timings: { schema: 1.25 }, shard: "2/3" }, []);
    expect(timed).toContain(
      '<testsuite name="schema" tests="2" failures="1" errors="0" skipped="0" time="1.250"',
    );
    // A suite whose time was not measured gets none rather than an invented one.
    expect(timed).toMatch(/<testsuite name="negative" [^>]*skipped="\d+" timestamp=/);
    for (const p of [
      '<property name="seed" value="42"/>',
      '<property name="target" value="http://127.0.0.1:8080/v1"/>',
      '<property name="cbcheck.version" value="0.1.0"/>',
      '<property name="shard" value="2/3"/>',
    ]) {
      expect(timed).toContain(p);
    }
  });

  it("puts the counterexample text with Reproduce with: into the failure", () => {
    const failure = xml.slice(xml.indexOf("<failure"), xml.indexOf("</failure>"));
    expect(failure).toContain('message="cursor is not null on resolve"');
    expect(failure).toContain("Expected: null");
    expect(failure).toContain("Reproduce with:");
    expect(failure).toContain("curl -X GET");
  });

  it("marks skipped and inconclusive as skipped, warnings as system-out", () => {
    expect(xml).toContain('<skipped message="no --free-key (a careless');
    expect(xml).toContain('<skipped message="inconclusive: no 429 seen"/>');
    expect(xml).toMatch(/<system-out>warning: as_of differs \| ok/);
  });

  it("escapes hostile text and drops characters XML cannot carry", () => {
    expect(xml).not.toContain(HOSTILE);
    expect(xml).not.toContain("<script>");
    expect(xml).not.toContain("\u0001");
    // Every element that opens is closed: a crude well-formedness proof without an XML parser.
    const opens = (xml.match(/<(testsuites|testsuite|testcase|failure|system-out)[ >]/g) ?? []).length;
    const closes = (xml.match(/<\/(testsuites|testsuite|testcase|failure|system-out)>/g) ?? []).length;
    expect(opens).toBe(closes);
  });
});

describe("junit.xml against Jenkins' junit-10.xsd", () => {
  const sample = sampleReport();
  const reports: [string, Report][] = [
    ["every status, hostile text", sample],
    ["pass", { ...sample, verdict: "pass", results: sample.results.filter((r) => r.status === "pass") }],
    ["incomplete", { ...sample, verdict: "incomplete", reason: "stopped at --max-calls 10" }],
    ["interrupted", markInterrupted(sample, "SIGINT")],
    ["timed suites", { ...sample, timings: { schema: 1234.5, negative: 0 }, shard: "1/2" }],
    ...(["run", "load", "certify-client", "compare", "proxy"] as const).map((command): [string, Report] => [
      `${command} error`,
      errorReport({ command, startedAt: new Date(0), code: "CB_USAGE", message: `bad <flag> & "quote"` }),
    ]),
  ];

  it("validates for every verdict and command", async () => {
    const files = Object.fromEntries(
      reports.map(([name], i) => [
        `${i}-${name.replace(/\W+/g, "-")}.xml`,
        junitReporter.render(reports[i][1], []),
      ]),
    );
    expect(await junitXsdErrors(files)).toEqual([]);
  });

  it("is held to the schema: an attribute it does not allow is refused", async () => {
    const xml = junitReporter.render(sample, []).replace("<testsuites ", '<testsuites skipped="2" ');
    expect((await junitXsdErrors({ "bad.xml": xml })).join("\n")).toMatch(/bad\.xml.*skipped/);
  });
});
