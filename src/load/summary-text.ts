/**
 * The text `cbcheck load` prints at the end: the broken expectations grouped by rule (failure-summary.ts),
 * the latency figures per profile and mix item (corrected and uncorrected, with the load model), the
 * verdict, and where the reports are.
 */
import { failureSummaryLines } from "../report/failure-summary.js";
import type { Report } from "../report/model.js";
import { verdictLabel } from "../report/verdict.js";
import type { LoadDetails } from "./build-report.js";

const ms = (v: number) => (v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0));

/** The end-of-run summary as plain text. */
export function loadSummaryText(report: Report, files: readonly string[] = []): string {
  const lines: string[] = [];
  const details = report.details?.load as LoadDetails | undefined;
  for (const p of details?.profiles ?? []) {
    lines.push(
      `${p.name} (${p.scenario}; ${p.model}): ${p.responses} responses, ${p.requestsPerSecond} requests/s`,
    );
    for (const i of p.items) {
      if (i.corrected.count === 0) continue;
      const c = i.corrected;
      const u = i.uncorrected;
      lines.push(
        `  ${i.name}: p50 ${ms(c.p50Ms)} / p95 ${ms(c.p95Ms)} / p99 ${ms(c.p99Ms)} / max ${ms(c.maxMs)} ms corrected; ` +
          `p99 ${ms(u.p99Ms)} ms uncorrected`,
      );
    }
  }
  if (lines.length > 0) lines.push("");
  lines.push(...failureSummaryLines(report));
  for (const note of report.notes ?? []) lines.push(`note: ${note}`);
  const s = report.summary;
  lines.push(
    `${verdictLabel(report.verdict)}: ${s.passed} passed, ${s.failed} failed, ${s.warnings} warnings, ` +
      `${s.inconclusive} inconclusive; ${s.calls ?? 0} calls; peak memory ${details?.peakRssMiB ?? "?"} MiB`,
  );
  if (report.reason) lines.push(`${verdictLabel(report.verdict)}: ${report.reason}`);
  if (files.length > 0) lines.push(`Reports: ${files.join(", ")}`);
  return `${lines.join("\n")}\n`;
}
