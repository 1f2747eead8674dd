/**
 * JUnit XML: a testsuite per suite, a testcase per check and operation. Failures carry the counterexample
 * text; skip and inconclusive are `<skipped>`; warnings go to `<system-out>` (they never fail a run); a verdict
 * other than pass or fail is an `<error>` of its own.
 */
import { escapeXml, truncate } from "./escape.js";
import { failureText } from "./failure-text.js";
import type { CheckResult, Report } from "./model.js";
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

/**
 * The count attributes of a `<testsuite>`; `<testsuites>` takes them without `skipped`, which Jenkins'
 * junit-10.xsd (the schema most readers hold JUnit XML to) allows on a testsuite only.
 */
function counts(
  results: readonly CheckResult[],
  errors = 0,
  where: "testsuite" | "testsuites" = "testsuite",
) {
  const failures = results.filter((r) => r.status === "fail").length;
  const skipped = results.filter((r) => r.status === "skip" || r.status === "inconclusive").length;
  const tally = `tests="${results.length + errors}" failures="${failures}" errors="${errors}"`;
  return where === "testsuite" ? `${tally} skipped="${skipped}"` : tally;
}

/**
 * A verdict other than pass or fail (incomplete, interrupted, a harness error) is one `<error>` test case, so
 * that a CI tool reading only junit.xml never shows a stopped run as green.
 */
function verdictSuite(report: Report): string[] {
  if (report.verdict === "pass" || report.verdict === "fail") return [];
  const type = report.error?.code ?? `cbcheck.${report.verdict}`;
  const message = report.reason ?? report.verdict;
  return [
    `  <testsuite name="cbcheck" tests="1" failures="0" errors="1" skipped="0" timestamp="${escapeXml(report.startedAt)}">`,
    `    <testcase name="${escapeXml(`cbcheck ${report.command}: ${report.verdict}`)}" classname="cbcheck">`,
    `      <error message="${escapeXml(truncate(message, 500))}" type="${escapeXml(type)}">${escapeXml(message)}</error>`,
    "    </testcase>",
    "  </testsuite>",
  ];
}

/** Seconds between two ISO timestamps, as JUnit's `time` (0 when either is unreadable). */
function secondsBetween(from: string, to: string): number {
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isFinite(ms) && ms > 0 ? ms / 1000 : 0;
}

/** `<properties>` of a testsuite: what a CI reader needs to repeat the run. */
function properties(report: Report): string[] {
  const props: [string, string | number | undefined][] = [
    ["cbcheck.version", report.version],
    ["cbcheck.command", report.command],
    ["seed", report.seed],
    ["target", report.target?.baseUrl],
    ["shard", report.shard],
    ["verdict", report.verdict],
  ];
  const lines = props
    .filter((p): p is [string, string | number] => p[1] !== undefined)
    .map(
      ([name, value]) => `      <property name="${escapeXml(name)}" value="${escapeXml(String(value))}"/>`,
    );
  return ["    <properties>", ...lines, "    </properties>"];
}

/** Renders `junit.xml`. */
export const junitReporter: Reporter = {
  fileName: "junit.xml",
  render(report) {
    const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
    const total = secondsBetween(report.startedAt, report.finishedAt);
    const groups = groupBySuite(report.results);
    const verdict = verdictSuite(report);
    const errors = verdict.length > 0 ? 1 : 0;
    out.push(
      `<testsuites name="cbcheck ${escapeXml(report.command)}" ${counts(report.results, errors, "testsuites")} time="${total.toFixed(3)}">`,
    );
    out.push(...verdict);
    for (const [suite, results] of groups) {
      // A suite's time only where the command measured it (run does, per suite); never an invented share.
      const time = report.timings?.[suite];
      const timeAttr = time !== undefined ? ` time="${time.toFixed(3)}"` : "";
      out.push(
        `  <testsuite name="${escapeXml(suite)}" ${counts(results)}${timeAttr} timestamp="${escapeXml(report.startedAt)}">`,
        ...properties(report),
      );
      for (const r of results) out.push(testcase(r, report.seed));
      out.push("  </testsuite>");
    }
    out.push("</testsuites>", "");
    return out.join("\n");
  },
};
