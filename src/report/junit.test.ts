import { describe, expect, it } from "vitest";
import { junitReporter } from "./junit.js";
import { HOSTILE, sampleReport } from "./test-support/sample-report.js";

describe("junitReporter", () => {
  const xml = junitReporter.render(sampleReport(), []);

  it("writes a testsuite per suite and a testcase per row", () => {
    expect(xml.match(/<testsuite /g)).toHaveLength(5);
    expect(xml.match(/<testcase /g)).toHaveLength(6);
    expect(xml).toMatch(
      /<testsuites name="cbcheck run" tests="6" failures="2" errors="0" skipped="2" time="60.000">/,
    );
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
