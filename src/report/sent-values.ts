/**
 * The "Input space" part of the run reports: per operation, parameter, keyword and class, where the sent
 * values sat against their request schema and what came back.
 */
import { escapeHtml, escapeMarkdownCell, markdownCode } from "./escape.js";
import type { HtmlSection, SentValueRow } from "./model.js";

const TITLE = "Input space";
const INTRO =
  "What the run sent, per request parameter and schema keyword: where each value sat (a bound in characters, an enum member, a format's form, a wire rule), the class the request schemas give it (valid: the contract's answer is 200; invalid: 400; open: 200 or 400), how many requests carried it and what came back.";

/** `200 ×12, 400 ×1`. */
function answersText(answers: SentValueRow["answers"]): string {
  return Object.entries(answers)
    .map(([answer, n]) => `${answer} ×${n}`)
    .join(", ");
}

/** Markdown lines of the section (none when nothing was sent). */
export function sentValuesMarkdown(rows: readonly SentValueRow[]): string[] {
  if (rows.length === 0) return [];
  const lines = [
    `## ${TITLE}`,
    "",
    INTRO,
    "",
    "| operation | parameter | keyword | value | class | requests | answers |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const r of rows) {
    const cells = [
      escapeMarkdownCell(r.operation),
      markdownCode(r.parameter),
      escapeMarkdownCell(r.keyword),
      escapeMarkdownCell(r.value),
      r.class,
      String(r.count),
      escapeMarkdownCell(answersText(r.answers)),
    ];
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return [...lines, ""];
}

/** The HTML section (a table), for the `sections` of a run's CommandResult. */
export function sentValuesSection(rows: readonly SentValueRow[]): HtmlSection {
  const body = rows
    .map((r) => {
      const cells = [
        r.operation,
        r.parameter,
        r.keyword,
        r.value,
        r.class,
        String(r.count),
        answersText(r.answers),
      ];
      const html = cells.map((c, i) =>
        i === 1 ? `<td><code>${escapeHtml(c)}</code></td>` : `<td>${escapeHtml(c)}</td>`,
      );
      return `<tr>${html.join("")}</tr>`;
    })
    .join("");
  const head = ["operation", "parameter", "keyword", "value", "class", "requests", "answers"]
    .map((h) => `<th>${h}</th>`)
    .join("");
  return {
    title: TITLE,
    html: `<p>${escapeHtml(INTRO)}</p><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`,
  };
}
