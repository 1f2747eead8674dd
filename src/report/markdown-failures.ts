/**
 * The failures (and warnings) of `report.md`, grouped by rule and cause (failure-groups.ts): an overview table
 * with one line per rule, then per rule its sentence and each distinct cause with one minimal counterexample
 * (failure text, curl and replay lines). The details stop at a size budget, so a target that breaks everything
 * still gives a file a person can read; the table still lists every rule and report.json holds every row.
 */
import { escapeMarkdownCell, markdownCode, markdownFence } from "./escape.js";
import { causesShown, type DetailBudget, renderWithinBudget } from "./failure-details.js";
import { type FailureCause, type FailureGroup, groupFailures } from "./failure-groups.js";
import { causeExtent, groupExtent } from "./failure-summary.js";
import { failureText } from "./failure-text.js";
import type { CheckResult } from "./model.js";

/** A fenced block no text inside can close. */
export function fenced(text: string): string[] {
  const fence = markdownFence(text);
  return [`${fence}text`, text, fence];
}

function causeBlock(g: FailureGroup, c: FailureCause, n: number): string[] {
  const lines = [`**Cause ${n} of ${g.causes.length}** (${escapeMarkdownCell(causeExtent(c))})`, ""];
  if (!c.example) return [...lines, escapeMarkdownCell(c.title), ""];
  let text = failureText(c.example, { checkId: g.id });
  if (c.replayIndex !== undefined)
    text += `\n\nReplay with (in this report's folder): cbcheck replay report.json --index ${c.replayIndex}`;
  return [...lines, ...fenced(text), ""];
}

function ruleBlock(g: FailureGroup): string[] {
  const lines = [`### ${markdownCode(g.id)}`, ""];
  lines.push(
    `> ${escapeMarkdownCell(g.sentence)}${g.section ? ` — *${escapeMarkdownCell(g.section)}*` : ""}`,
    "",
  );
  lines.push(`${escapeMarkdownCell(groupExtent(g))}; suites: ${escapeMarkdownCell(g.suites.join(", "))}`, "");
  if (g.message) lines.push(escapeMarkdownCell(g.message), "");
  const { detailed, listed, more } = causesShown(g);
  for (const [i, c] of detailed.entries()) lines.push(...causeBlock(g, c, i + 1));
  for (const c of listed)
    lines.push(`- ${escapeMarkdownCell(c.title)} (${escapeMarkdownCell(causeExtent(c))})`);
  if (more > 0) lines.push(`- … and ${more} more causes (report.json)`);
  if (listed.length > 0 || more > 0) lines.push("");
  return lines;
}

function overview(groups: readonly FailureGroup[]): string[] {
  const lines = [
    "| rule | exchanges | checks | operations | causes | first cause |",
    "|---|---:|---:|---|---:|---|",
  ];
  for (const g of groups) {
    const first = g.causes[0]?.title ?? "";
    lines.push(
      `| ${markdownCode(g.id)} | ${g.exchanges} | ${g.checks} | ${escapeMarkdownCell(g.operations.join(", "))} | ` +
        `${g.causes.length} | ${escapeMarkdownCell(first.length > 160 ? `${first.slice(0, 160)}…` : first)} |`,
    );
  }
  return [...lines, ""];
}

function groupsSection(title: string, groups: readonly FailureGroup[], budget: DetailBudget): string[] {
  if (groups.length === 0) return [];
  const checks = groups.reduce((n, g) => n + g.checks, 0);
  const lines = [`## ${title}: ${groups.length} rules (${checks} checks)`, "", ...overview(groups)];
  const shown = renderWithinBudget(groups, (g) => ruleBlock(g).join("\n"), budget);
  lines.push(...shown);
  if (shown.length < groups.length) {
    lines.push(
      `*The details of ${groups.length - shown.length} more rules are left out to keep this file readable; the ` +
        "table above lists them and report.json holds every counterexample (`cbcheck replay report.json --check ID` " +
        "re-sends one).*",
      "",
    );
  }
  return lines;
}

/** Characters of rule details one report.md holds at most (its tables and header come on top). */
export const DETAIL_BUDGET = 80_000;

/** The `## Failures` and `## Warnings` sections of report.md, grouped by rule and cause, within a size budget. */
export function failuresMarkdown(results: readonly CheckResult[], detailBudget = DETAIL_BUDGET): string[] {
  const budget = { chars: detailBudget };
  return [
    ...groupsSection("Failures", groupFailures(results, "fail"), budget),
    ...groupsSection("Warnings", groupFailures(results, "warn"), budget),
  ];
}
