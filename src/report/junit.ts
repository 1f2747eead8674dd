/**
 * JUnit XML: a testsuite per suite, a testcase per check and operation. Failures carry the counterexample
 * text; skip and inconclusive are `<skipped>`; warnings go to `<system-out>` (they never fail a run).
 */
import { escapeXml, truncate } from "./escape.js";
import { failureText } from "./failure-text.js";
import type { CheckResult } from "./model.js";
import { groupBySuite, type Reporter, rowName } from "./reporter.js";

function testcase(r: CheckResult, seed: number | undefined): string {
  const open = `    <testcase name="${escapeXml(rowName(r))}" classname="${escapeXml(r.suite)}">`;
  const body: string[] = [];
  const texts = r.counterexamples.map((cx) => failureText(cx, { checkId: r.id, seed }));
  if (r.status === "fail") {
    const first = r.counterexamples[0]?.title ?? r.message ?? "contract violated";
    const text = [`Contract: ${r.sentence}`, ...(r.message ? [r.message] : []), ...texts].join("\n\n");
    body.push(
      `      <failure message="${escapeXml(truncate(first, 500))}" type="${escapeXml(r.id)}">${escapeXml(text)}</failure>`,
    );
  } else if (r.status === "skip" || r.status === "inconclusive") {
    const why = r.status === "inconclusive" ? `inconclusive: ${r.message ?? ""}` : (r.message ?? "skipped");
    body.push(`      <skipped message="${escapeXml(truncate(why, 500))}"/>`);
  } else if (r.status === "warn") {
    const text = [`warning: ${r.message ?? ""}`, `Contract: ${r.sentence}`, ...texts].join("\n\n");
    body.push(`      <system-out>${escapeXml(text)}</system-out>`);
  }
  if (body.length === 0) return `${open}</testcase>`;
  return [open, ...body, "    </testcase>"].join("\n");
}

function counts(results: readonly CheckResult[]) {
  const failures = results.filter((r) => r.status === "fail").length;
  const skipped = results.filter((r) => r.status === "skip" || r.status === "inconclusive").length;
  return `tests="${results.length}" failures="${failures}" errors="0" skipped="${skipped}"`;
}

/** Renders `junit.xml`. */
export const junitReporter: Reporter = {
  fileName: "junit.xml",
  render(report) {
    const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
    out.push(`<testsuites name="cbcheck ${escapeXml(report.command)}" ${counts(report.results)}>`);
    for (const [suite, results] of groupBySuite(report.results)) {
      out.push(
        `  <testsuite name="${escapeXml(suite)}" ${counts(results)} timestamp="${escapeXml(report.startedAt)}">`,
      );
      for (const r of results) out.push(testcase(r, report.seed));
      out.push("  </testsuite>");
    }
    out.push("</testsuites>", "");
    return out.join("\n");
  },
};
