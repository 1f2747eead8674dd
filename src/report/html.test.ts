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

  it("puts counterexamples in details with the curl line", () => {
    expect(html).toMatch(/<details><summary>cursor is not null on resolve<\/summary>/);
    expect(html).toContain("Reproduce with:");
  });

  it("renders extra sections in order after the results, titles escaped", () => {
    expect(html.indexOf('id="plot"')).toBeGreaterThan(html.indexOf('<div class="results">'));
    expect(html).toContain("<h2>Latency &lt;p99&gt;</h2>");
  });
});

describe("htmlReporter ordering", () => {
  it("opens with failures and warnings, their counterexamples open, and folds every row below", () => {
    const html = htmlReporter.render(sampleReport(), []);
    const failures = html.indexOf("<h2>Failures (2)</h2>");
    const warnings = html.indexOf("<h2>Warnings (1)</h2>");
    const all = html.indexOf('<details class="all"><summary>All results (6)</summary>');
    expect(failures).toBeGreaterThan(html.indexOf('<div class="cards">'));
    expect(warnings).toBeGreaterThan(failures);
    expect(all).toBeGreaterThan(warnings);
    expect(html.slice(failures, warnings)).toContain(
      "<details open><summary>cursor is not null on resolve</summary>",
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
