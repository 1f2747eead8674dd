/**
 * The text `cbcheck run` (and `merge`) prints at the end: the grouped failures (the whole-class diagnosis, the
 * rules that broke the most exchanges with one minimal counterexample per cause, its curl and replay lines),
 * the verdict (and why, when it is not pass or fail), counts, the seed, and where the reports are.
 */
import { basename, dirname } from "node:path";
import { failureSummaryLines } from "../report/failure-summary.js";
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
  // Replay reads report.json: its lines only when that file was written. A target off this machine is named
  // on them: replay sends a key only where the user says.
  const json = reportFiles.find((f) => basename(f) === "report.json");
  const base = report.target?.baseUrl;
  const offMachine = base && !report.target?.embedded && !isLoopbackUrl(base) ? { replayBaseUrl: base } : {};
  const lines = failureSummaryLines(report, json ? { replayDir: dirname(json), ...offMachine } : {});
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
  if (reportFiles.length > 0) lines.push(`Reports: ${reportFiles.join(", ")}`);
  return `${lines.join("\n")}\n`;
}
