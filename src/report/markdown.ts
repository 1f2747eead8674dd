/**
 * `report.md`: verdict first (and the whole-class diagnosis when there is one), then summary counts, then the
 * failures and warnings grouped by rule and cause with Schemathesis-style failure text (markdown-failures.ts),
 * then every row. Hostile text sits in code fences or escaped table cells.
 */

import { coverageMarkdown } from "./coverage.js";
import { reportDiagnosis } from "./diagnosis.js";
import { escapeMarkdownCell, markdownCode } from "./escape.js";
import { failuresMarkdown } from "./markdown-failures.js";
import type { Report } from "./model.js";
import { byStatus, type Reporter, rowName } from "./reporter.js";
import { sentValuesMarkdown } from "./sent-values.js";
import { verdictLabel } from "./verdict.js";

function summaryLines(report: Report): string[] {
  const s = report.summary;
  const lines = [
    "| passed | failed | warnings | skipped | inconclusive |" + (s.calls !== undefined ? " calls |" : ""),
  ];
  lines.push("|---:|---:|---:|---:|---:|" + (s.calls !== undefined ? "---:|" : ""));
  lines.push(
    `| ${s.passed} | ${s.failed} | ${s.warnings} | ${s.skipped} | ${s.inconclusive} |` +
      (s.calls !== undefined ? ` ${s.calls} |` : ""),
  );
  return lines;
}

function headerLines(report: Report): string[] {
  const lines = [`# cbcheck ${report.command}: ${verdictLabel(report.verdict)}`, ""];
  const diagnosis = reportDiagnosis(report);
  if (diagnosis) lines.push(`**Likely cause:** ${escapeMarkdownCell(diagnosis)}`, "");
  if (report.reason)
    lines.push(`**${verdictLabel(report.verdict)}:** ${escapeMarkdownCell(report.reason)}`, "");
  const meta = [
    `cbcheck ${escapeMarkdownCell(report.version)}`,
    `${report.startedAt} → ${report.finishedAt}`,
  ];
  if (report.seed !== undefined) meta.push(`seed ${report.seed}`);
  if (report.target?.baseUrl) meta.push(`target ${escapeMarkdownCell(report.target.baseUrl)}`);
  if (report.target?.embedded) meta.push("embedded reference server");
  lines.push(meta.join(" · "), "");
  for (const note of report.notes ?? []) lines.push(`- ${escapeMarkdownCell(note)}`);
  if (report.notes?.length) lines.push("");
  return lines;
}

/** Renders `report.md`. */
export const markdownReporter: Reporter = {
  fileName: "report.md",
  render(report) {
    const lines = [...headerLines(report), "## Summary", "", ...summaryLines(report), ""];
    lines.push(...failuresMarkdown(report.results));
    // Passes collapsed below the problems (GitHub and most renderers fold <details>).
    lines.push(
      `<details><summary>All results (${report.results.length})</summary>`,
      "",
      "| status | check | suite | note |",
      "|---|---|---|---|",
    );
    for (const r of byStatus(report.results)) {
      const note = r.message ?? (r.exchanges !== undefined ? `${r.exchanges} exchanges` : "");
      lines.push(
        `| ${r.status} | ${markdownCode(rowName(r))} | ${escapeMarkdownCell(r.suite)} | ${escapeMarkdownCell(note)} |`,
      );
    }
    lines.push(
      "",
      "</details>",
      "",
      ...sentValuesMarkdown(report.sent ?? []),
      ...coverageMarkdown(report.coverage),
    );
    return lines.join("\n");
  },
};
