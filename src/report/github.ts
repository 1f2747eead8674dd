/**
 * GitHub Actions' two channels for a job's result: the step summary (markdown appended to the file
 * `GITHUB_STEP_SUMMARY` names) and workflow-command annotations (`::error title=…::…` lines on stdout, shown on
 * the run's page and beside the changed files). Both read the grouped failures (failure-groups.ts); the CLI
 * decides when to write them.
 */
import { reportDiagnosis } from "./diagnosis.js";
import { escapeControls, escapeMarkdownCell } from "./escape.js";
import { type FailureGroup, groupFailures } from "./failure-groups.js";
import { oneLineForm } from "./failure-text.js";
import { failuresMarkdown } from "./markdown-failures.js";
import type { Report } from "./model.js";
import { verdictLabel } from "./verdict.js";

/** Characters of rule details in a step summary (GitHub takes up to 1 MiB per step; a summary is read at a glance). */
const STEP_SUMMARY_DETAILS = 20_000;

/** Annotations of each kind per command: GitHub shows ten errors and ten warnings per step. */
const ANNOTATIONS = 10;

/** The markdown a command appends to `GITHUB_STEP_SUMMARY`: verdict, diagnosis, counts, grouped failures. */
export function stepSummaryMarkdown(report: Report): string {
  const s = report.summary;
  const lines = [`### cbcheck ${report.command}: ${verdictLabel(report.verdict)}`, ""];
  const diagnosis = reportDiagnosis(report);
  if (diagnosis) lines.push(`**Likely cause:** ${escapeMarkdownCell(diagnosis)}`, "");
  if (report.reason)
    lines.push(`**${verdictLabel(report.verdict)}:** ${escapeMarkdownCell(report.reason)}`, "");
  lines.push(
    `${s.passed} passed, ${s.failed} failed, ${s.warnings} warnings, ${s.skipped} skipped, ` +
      `${s.inconclusive} inconclusive${s.calls !== undefined ? `; ${s.calls} calls` : ""}`,
    "",
  );
  // One level below the summary's own heading.
  const grouped = failuresMarkdown(report.results, STEP_SUMMARY_DETAILS).map((l) =>
    l.startsWith("#") ? `#${l}` : l,
  );
  return `${[...lines, ...grouped].join("\n")}\n`;
}

/** Escapes the message of a workflow command (a newline in it would start a command of its own). */
function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Escapes a property of a workflow command (`title=`), where `:` and `,` end the value. */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/** One workflow command; what a target sent is shown with its control characters escaped (escapeControls). */
function annotation(kind: "error" | "warning", title: string, message: string): string {
  return escapeControls(`::${kind} title=${escapeProperty(title)}::${escapeData(message)}`, true);
}

/** The annotation of one rule: its sentence, then its first cause in one line. */
function ruleAnnotation(kind: "error" | "warning", g: FailureGroup): string {
  const cause = g.causes[0];
  const line = cause?.example ? oneLineForm(cause.example) : (cause?.title ?? "");
  return annotation(kind, g.id, `${g.sentence}\n${line}`);
}

/**
 * The `::error`/`::warning` lines of a report: the likely cause of a whole class of failures first, the harness
 * error of a command that ended before a verdict, then one per failing rule (the widest first), one per
 * warning rule; at most ten of each kind, the last saying how many more the reports hold.
 */
export function githubAnnotations(report: Report): string[] {
  const lines: string[] = [];
  const diagnosis = reportDiagnosis(report);
  if (diagnosis) lines.push(annotation("error", `cbcheck ${report.command}: likely cause`, diagnosis));
  if (report.error) lines.push(annotation("error", report.error.code, report.error.message));
  for (const kind of ["error", "warning"] as const) {
    const groups = groupFailures(report.results, kind === "error" ? "fail" : "warn");
    const shown = groups.length > ANNOTATIONS ? groups.slice(0, ANNOTATIONS - 1) : groups;
    lines.push(...shown.map((g) => ruleAnnotation(kind, g)));
    if (shown.length < groups.length) {
      const more = groups.length - shown.length;
      lines.push(annotation(kind, `cbcheck ${report.command}`, `… and ${more} more rules: see report.md`));
    }
  }
  return lines;
}
