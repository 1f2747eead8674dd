import { describe, expect, it } from "vitest";
import { htmlReporter } from "./html.js";
import { HOSTILE, sampleReport } from "./test-support/sample-report.js";

describe("htmlReporter", () => {
  const sections = [
    { title: "Latency <p99>", html: '<svg xmlns="http://www.w3.org/2000/svg" id="plot"></svg>' },
  ];
  const html = htmlReporter.render(sampleReport(), sections);

  it("is self-contained: no scripts, no external resources, a CSP that forbids them", () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<(link|img|iframe)\b/i);
    expect(html).not.toMatch(/<[^>]*\b(src|href)=/i);
    expect(html).toContain("Content-Security-Policy");
    expect(html).toContain("<style>");
    expect(html).not.toContain(HOSTILE);
  });

  it("shows the verdict banner, the summary and a table per suite", () => {
    expect(html).toContain('<div class="banner fail">cbcheck run: FAIL</div>');
    expect(html).toContain('<div class="card"><b>17</b>calls</div>');
    expect(html.match(/<div class="suite /g)).toHaveLength(5);
    expect(html).toContain('<input type="radio" name="filter" id="f-fail">');
  });

  it("puts each cause's counterexample in details, the first of each rule open, with the curl line", () => {
    expect(html).toContain(
      "<details open><summary>cursor is not null on resolve <small>(1×: resolve)</small></summary>",
    );
    expect(html).toContain("Reproduce with:");
    expect(html).toContain("<pre>cbcheck replay report.json --index 1</pre>");
  });

  it("shows the whole-class diagnosis first when every call answered one status", () => {
    const seen = { statuses: { 404: 9 }, errorCodes: {}, nodeTypes: {}, predicates: {}, extensions: {} };
    const page = htmlReporter.render(
      { ...sampleReport(), coverage: { rules: [], unexercised: 0, seen } },
      [],
    );
    expect(page).toMatch(
      /<main>\n<p class="diagnosis"><b>Likely cause:<\/b> every call \(9\) answered 404: is --base-url/,
    );
  });

  it("lists the failing rows in the folded table without their counterexamples (the groups above show them)", () => {
    const all = html.slice(html.indexOf('<details class="all">'));
    expect(all).toContain("resolve.cursor_null");
    expect(all).not.toContain("Reproduce with:");
  });

  it("renders extra sections in order after the results, titles escaped", () => {
    expect(html.indexOf('id="plot"')).toBeGreaterThan(html.indexOf('<div class="results">'));
    expect(html).toContain("<h2>Latency &lt;p99&gt;</h2>");
  });
});

describe("htmlReporter ordering", () => {
  it("opens with failures and warnings, their counterexamples open, and folds every row below", () => {
    const html = htmlReporter.render(sampleReport(), []);
    const failures = html.indexOf("<h2>Failures: 2 rules <small>2 checks</small></h2>");
    const warnings = html.indexOf("<h2>Warnings: 1 rules <small>1 checks</small></h2>");
    const all = html.indexOf('<details class="all"><summary>All results (6)</summary>');
    expect(failures).toBeGreaterThan(html.indexOf('<div class="cards">'));
    expect(warnings).toBeGreaterThan(failures);
    expect(all).toBeGreaterThan(warnings);
    expect(html.slice(failures, warnings)).toContain(
      "<details open><summary>cursor is not null on resolve <small>(1×: resolve)</small></summary>",
    );
    // Passing rows appear only inside the folded table.
    expect(html.indexOf('class="s-pass"')).toBeGreaterThan(all);
  });

  it("lists failures before passes within a suite", () => {
    const report = sampleReport();
    const html = htmlReporter.render(report, []);
    expect(html.indexOf("resolve.cursor_null")).toBeLessThan(html.indexOf("response.schema"));
  });
});
