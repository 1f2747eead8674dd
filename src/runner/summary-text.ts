/**
 * The text `cbcheck run` prints at the end: verdict, counts, the seed, each failing check with its first
 * counterexample (title, Key: value lines, curl with `<redacted>`), and where the reports are.
 */
import { failureText } from "../report/failure-text.js";
import type { Report } from "../report/model.js";

/** Failing rows shown in full; the rest are listed by id (the reports hold them all). */
const SHOWN = 10;

/** The end-of-run summary as plain text. */
export function summaryText(report: Report, reportFiles: readonly string[] = []): string {
  const s = report.summary;
  const lines: string[] = [];
  const failing = report.results.filter((r) => r.status === "fail");
  for (const row of failing.slice(0, SHOWN)) {
    lines.push(`FAIL ${row.id}${row.operation ? ` (${row.operation})` : ""} [${row.suite}]`);
    lines.push(`  Contract: ${row.sentence}`);
    const cx = row.counterexamples[0];
    if (cx) lines.push(failureText(cx, { checkId: row.id }).replace(/^/gm, "  "));
    else if (row.message) lines.push(`  ${row.message}`);
    lines.push("");
  }
  if (failing.length > SHOWN) {
    lines.push(
      `… and ${failing.length - SHOWN} more failing checks: ${failing
        .slice(SHOWN)
        .map((r) => r.id)
        .join(", ")}`,
      "",
    );
  }
  for (const note of report.notes ?? []) lines.push(`note: ${note}`);
  lines.push(
    `${report.verdict === "pass" ? "PASS" : "FAIL"}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, ` +
      `${s.warnings} warnings, ${s.inconclusive} inconclusive; ${s.calls ?? 0} calls; seed ${report.seed}`,
  );
  if (report.verdict === "fail") lines.push(`Replay the same requests with: --seed ${report.seed}`);
  if (reportFiles.length > 0) lines.push(`Reports: ${reportFiles.join(", ")}`);
  return `${lines.join("\n")}\n`;
}
