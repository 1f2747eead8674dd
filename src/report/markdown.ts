/**
 * `report.md`: verdict first, then summary counts, then failing checks with Schemathesis-style failure text,
 * then warnings, then every row. Hostile text sits in code fences or escaped table cells.
 */

import { coverageMarkdown } from "./coverage.js";
import { escapeMarkdownCell, markdownCode, markdownFence } from "./escape.js";
import { failureText } from "./failure-text.js";
import type { CheckResult, Report } from "./model.js";
import { byStatus, type Reporter, rowName } from "./reporter.js";
import { sentValuesMarkdown } from "./sent-values.js";
import { verdictLabel } from "./verdict.js";

function fenced(text: string): string[] {
  const fence = markdownFence(text);
  return [`${fence}text`, text, fence];
}

function detailBlock(r: CheckResult, seed: number | undefined): string[] {
  const lines = [`### ${markdownCode(rowName(r))} (${escapeMarkdownCell(r.suite)})`, ""];
  lines.push(
    `> ${escapeMarkdownCell(r.sentence)}${r.section ? ` — *${escapeMarkdownCell(r.section)}*` : ""}`,
    "",
  );
  if (r.message) lines.push(escapeMarkdownCell(r.message), "");
  for (const cx of r.counterexamples) lines.push(...fenced(failureText(cx, { checkId: r.id, seed })), "");
  return lines;
}

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
    const failed = report.results.filter((r) => r.status === "fail");
    const warned = report.results.filter((r) => r.status === "warn");
    if (failed.length) {
      lines.push(`## Failures (${failed.length})`, "");
      for (const r of failed) lines.push(...detailBlock(r, report.seed));
    }
    if (warned.length) {
      lines.push(`## Warnings (${warned.length})`, "");
      for (const r of warned) lines.push(...detailBlock(r, report.seed));
    }
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
