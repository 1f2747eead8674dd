/**
 * The text `cbcheck run` prints at the end: verdict, counts, the seed, each failing check with its first
 * counterexample (title, Key: value lines, curl with `<redacted>`), and where the reports are.
 */
import { dirname } from "node:path";
import { failingRowsText } from "../report/failure-text.js";
import type { Report } from "../report/model.js";

/** What the run spent: calls, credits (when any) and wall time (when known). */
function spent(s: Report["summary"]): string {
  const parts = [`${s.calls ?? 0} calls`];
  if (s.credits !== undefined) parts.push(`${s.credits} credits`);
  if (s.seconds !== undefined) parts.push(`${s.seconds} s`);
  return parts.join(", ");
}

/** The end-of-run summary as plain text. */
export function summaryText(report: Report, reportFiles: readonly string[] = []): string {
  const s = report.summary;
  const lines = failingRowsText(report.results);
  for (const note of report.notes ?? []) lines.push(`note: ${note}`);
  lines.push(
    `${report.verdict === "pass" ? "PASS" : "FAIL"}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, ` +
      `${s.warnings} warnings, ${s.inconclusive} inconclusive; ${spent(s)}; seed ${report.seed}`,
  );
  if (report.verdict === "fail") {
    lines.push(
      report.rerun ? `Rerun with: ${report.rerun}` : `Replay the same requests with: --seed ${report.seed}`,
    );
  }
  const failing = report.results.find(
    (r) => r.status === "fail" && r.counterexamples.some((cx) => cx.request),
  );
  if (failing && reportFiles.length > 0) {
    lines.push(`Replay one failure with: cbcheck replay ${dirname(reportFiles[0])} --check ${failing.id}`);
  }
  if (reportFiles.length > 0) lines.push(`Reports: ${reportFiles.join(", ")}`);
  return `${lines.join("\n")}\n`;
}
