/**
 * The "Coverage" part of the run reports (report.md, report.html; report.json holds `coverage` as is): which
 * rules judged how many exchanges, the ones never exercised and why, and the values the responses held.
 * The verdict/response side, beside "Input space" (the request side).
 */
import { escapeHtml, escapeMarkdownCell, markdownCode } from "./escape.js";
import type { CoverageRule, HtmlSection, RunCoverage } from "./model.js";

const TITLE = "Coverage";

const SEEN_LABELS: readonly [keyof RunCoverage["seen"], string][] = [
  ["statuses", "statuses"],
  ["errorCodes", "error codes"],
  ["nodeTypes", "node types"],
  ["predicates", "predicates"],
  ["extensions", "extensions"],
];

/** One line: how many rules judged something. */
function intro(c: RunCoverage): string {
  const judged = c.rules.length - c.unexercised;
  return `${judged} of ${c.rules.length} rules judged at least one exchange; ${c.unexercised} never exercised.`;
}

const unexercised = (c: RunCoverage): CoverageRule[] => c.rules.filter((r) => r.reason !== undefined);
const tallyText = (t: Record<string, number>): string =>
  Object.entries(t)
    .map(([k, n]) => `${k} ×${n}`)
    .join(", ") || "none";

/** Markdown lines of the section (none when the report has no coverage). */
export function coverageMarkdown(c: RunCoverage | undefined): string[] {
  if (!c) return [];
  const lines = [`## ${TITLE}`, "", intro(c), ""];
  const missing = unexercised(c);
  if (missing.length > 0) {
    lines.push("| never exercised | why |", "|---|---|");
    for (const r of missing) lines.push(`| ${markdownCode(r.id)} | ${escapeMarkdownCell(r.reason ?? "")} |`);
    lines.push("");
  }
  lines.push("| seen in responses | values |", "|---|---|");
  for (const [key, label] of SEEN_LABELS)
    lines.push(`| ${label} | ${escapeMarkdownCell(tallyText(c.seen[key]))} |`);
  lines.push(
    "",
    `<details><summary>Exchanges judged per rule (${c.rules.length})</summary>`,
    "",
    "| rule | exchanges |",
    "|---|---|",
  );
  for (const r of c.rules) lines.push(`| ${markdownCode(r.id)} | ${r.reason ? "—" : r.exchanges} |`);
  return [...lines, "", "</details>", ""];
}

/** The HTML section, for the `sections` of a run's CommandResult. */
export function coverageSection(c: RunCoverage): HtmlSection {
  const h = escapeHtml;
  const missing = unexercised(c)
    .map((r) => `<tr><td><code>${h(r.id)}</code></td><td>${h(r.reason ?? "")}</td></tr>`)
    .join("");
  const seen = SEEN_LABELS.map(
    ([key, label]) => `<tr><td>${h(label)}</td><td>${h(tallyText(c.seen[key]))}</td></tr>`,
  ).join("");
  const rules = c.rules
    .map((r) => `<tr><td><code>${h(r.id)}</code></td><td>${r.reason ? "—" : r.exchanges}</td></tr>`)
    .join("");
  return {
    title: TITLE,
    html:
      `<p>${h(intro(c))}</p>` +
      (missing
        ? `<table><thead><tr><th>never exercised</th><th>why</th></tr></thead><tbody>${missing}</tbody></table>`
        : "") +
      `<table><thead><tr><th>seen in responses</th><th>values</th></tr></thead><tbody>${seen}</tbody></table>` +
      `<details><summary>Exchanges judged per rule (${c.rules.length})</summary><table><thead><tr><th>rule</th><th>exchanges</th></tr></thead><tbody>${rules}</tbody></table></details>`,
  };
}
