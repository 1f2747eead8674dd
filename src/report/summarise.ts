/**
 * Counts report rows by status for `Report.summary` (run, load and certify-client alike).
 */
import type { CheckResult, Report } from "./model.js";

/** The summary counts of a list of results. */
export function summarise(results: readonly CheckResult[]): Omit<Report["summary"], "calls"> {
  const summary = { passed: 0, failed: 0, skipped: 0, warnings: 0, inconclusive: 0 };
  for (const r of results) {
    if (r.status === "pass") summary.passed++;
    else if (r.status === "fail") summary.failed++;
    else if (r.status === "skip") summary.skipped++;
    else if (r.status === "warn") summary.warnings++;
    else summary.inconclusive++;
  }
  return summary;
}
