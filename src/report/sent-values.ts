/** The "Sent values" part of the run reports: which parameters and value classes the run tried. */
import { escapeHtml, escapeMarkdownCell, markdownCode } from "./escape.js";
import type { HtmlSection, SentValueRow } from "./model.js";

const TITLE = "Sent values";
const INTRO =
  "Request parameters the run sent, by class of value: length against the contract's bound (in characters), character classes, list sizes, special values.";

/** Markdown lines of the section (none when nothing was sent). */
export function sentValuesMarkdown(rows: readonly SentValueRow[]): string[] {
  if (rows.length === 0) return [];
  const lines = [
    `## ${TITLE}`,
    "",
    INTRO,
    "",
    "| operation | parameter | value class | requests |",
    "|---|---|---|---|",
  ];
  for (const r of rows) {
    lines.push(
      `| ${escapeMarkdownCell(r.operation)} | ${markdownCode(r.parameter)} | ${escapeMarkdownCell(r.class)} | ${r.count} |`,
    );
  }
  return [...lines, ""];
}

/** The HTML section (a table), for the `sections` of a run's CommandResult. */
export function sentValuesSection(rows: readonly SentValueRow[]): HtmlSection {
  const body = rows
    .map(
      (r) =>
        `<tr><td>${escapeHtml(r.operation)}</td><td><code>${escapeHtml(r.parameter)}</code></td><td>${escapeHtml(r.class)}</td><td>${r.count}</td></tr>`,
    )
    .join("");
  return {
    title: TITLE,
    html: `<p>${escapeHtml(INTRO)}</p><table><thead><tr><th>operation</th><th>parameter</th><th>value class</th><th>requests</th></tr></thead><tbody>${body}</tbody></table>`,
  };
}
