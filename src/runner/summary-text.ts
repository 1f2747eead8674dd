/**
 * The text `cbcheck run` prints at the end: verdict (and why, when it is not pass or fail), counts, the seed, each failing check with its first
 * counterexample (title, Key: value lines, curl with `<redacted>`), and where the reports are.
 */

import { dirname } from "node:path";
import { failingRowsText } from "../report/failure-text.js";
import type { Report } from "../report/model.js";
import { verdictLabel } from "../report/verdict.js";
import { isLoopbackUrl } from "./target.js";

function elapsedSeconds(report: Report): number {
  return Math.round((Date.parse(report.finishedAt) - Date.parse(report.startedAt)) / 1000);
}

/** What the run spent: calls, credits and wall time (the run's own, else from its timestamps). */
function spent(report: Report): string {
  const s = report.summary;
  // summary.seconds has millisecond precision (benchmarks divide by it); a tenth is enough to read.
  const seconds = s.seconds === undefined ? elapsedSeconds(report) : Math.round(s.seconds * 10) / 10;
  return `${s.calls ?? 0} calls, ${s.credits ?? 0} credits, ${seconds} s`;
}

/** The end-of-run summary as plain text. */
export function summaryText(report: Report, reportFiles: readonly string[] = []): string {
  const s = report.summary;
  const lines = failingRowsText(report.results);
  for (const note of report.notes ?? []) lines.push(`note: ${note}`);
  lines.push(
    `${verdictLabel(report.verdict)}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, ` +
      `${s.warnings} warnings, ${s.inconclusive} inconclusive; ${spent(report)}; seed ${report.seed}`,
  );
  if (report.reason) lines.push(`${verdictLabel(report.verdict)}: ${report.reason}`);
  if (report.verdict === "fail") {
    lines.push(
      report.rerun ? `Rerun with: ${report.rerun}` : `Replay the same requests with: --seed ${report.seed}`,
    );
  }
  const failing = report.results.find(
    (r) => r.status === "fail" && r.counterexamples.some((cx) => cx.request),
  );
  if (failing && reportFiles.length > 0) {
    // A target off this machine is named on the line: replay sends a key only where the user says.
    const base = report.target?.baseUrl;
    const where = base && !report.target?.embedded && !isLoopbackUrl(base) ? ` --base-url ${base}` : "";
    lines.push(
      `Replay one failure with: cbcheck replay ${dirname(reportFiles[0])} --check ${failing.id}${where}`,
    );
  }
  if (reportFiles.length > 0) lines.push(`Reports: ${reportFiles.join(", ")}`);
  return `${lines.join("\n")}\n`;
}
