/**
 * The failures and warnings of `report.html`, grouped by rule and cause (failure-groups.ts): an overview table
 * with one line per rule, then per rule its sentence and each distinct cause with one minimal counterexample
 * open. The details stop at a size budget (report.json holds every row), as in report.md.
 */
import { escapeHtml as h } from "./escape.js";
import { causesShown, type DetailBudget, renderWithinBudget } from "./failure-details.js";
import { type FailureCause, type FailureGroup, groupFailures } from "./failure-groups.js";
import { causeExtent, groupExtent } from "./failure-summary.js";
import { curlOf, keyValueLines } from "./failure-text.js";
import type { CheckResult } from "./model.js";

/** Characters of rule details one report.html holds at most. */
export const HTML_DETAIL_BUDGET = 150_000;

function causeHtml(c: FailureCause, isOpen: boolean): string {
  const summary = `<summary>${h(c.title)} <small>(${h(causeExtent(c))})</small></summary>`;
  if (!c.example) return `<div class="cause">${h(c.title)} <small>(${h(causeExtent(c))})</small></div>`;
  const curl = curlOf(c.example);
  const replay =
    c.replayIndex === undefined
      ? ""
      : `<div>Replay with (in this report's folder):</div><pre>cbcheck replay report.json --index ${c.replayIndex}</pre>`;
  return [
    `<details${isOpen ? " open" : ""}>${summary}`,
    `<pre>${h(keyValueLines(c.example).join("\n"))}</pre>`,
    curl ? `<div>Reproduce with:</div><pre>${h(curl)}</pre>` : "",
    replay,
    "</details>",
  ].join("");
}

function ruleHtml(g: FailureGroup): string {
  const { detailed, listed, more } = causesShown(g);
  const items = listed.map((c) => `<li>${h(c.title)} <small>(${h(causeExtent(c))})</small></li>`);
  if (more > 0) items.push(`<li>… and ${more} more causes (report.json)</li>`);
  return [
    `<div class="rule st-${h(g.status)}-rule"><h3><code>${h(g.id)}</code> <small>${h(groupExtent(g))}</small></h3>`,
    `<div class="sentence">${h(g.sentence)}${g.section ? ` — ${h(g.section)}` : ""}</div>`,
    g.message ? `<div>${h(g.message)}</div>` : "",
    ...detailed.map((c, i) => causeHtml(c, i === 0)),
    items.length > 0 ? `<ul>${items.join("")}</ul>` : "",
    "</div>",
  ].join("\n");
}

function overviewHtml(groups: readonly FailureGroup[]): string {
  const rows = groups.map(
    (g) =>
      `<tr><td><code>${h(g.id)}</code></td><td>${g.exchanges}</td><td>${g.checks}</td>` +
      `<td>${h(g.operations.join(", "))}</td><td>${g.causes.length}</td><td>${h(g.causes[0]?.title ?? "")}</td></tr>`,
  );
  return [
    '<table class="overview"><thead><tr><th>rule</th><th>exchanges</th><th>checks</th><th>operations</th>',
    "<th>causes</th><th>first cause</th></tr></thead><tbody>",
    ...rows,
    "</tbody></table>",
  ].join("\n");
}

function sectionHtml(title: string, groups: readonly FailureGroup[], budget: DetailBudget): string {
  if (groups.length === 0) return "";
  const checks = groups.reduce((n, g) => n + g.checks, 0);
  const shown = renderWithinBudget(groups, ruleHtml, budget);
  const left =
    shown.length < groups.length
      ? `<p class="left-out">The details of ${groups.length - shown.length} more rules are left out to keep this page readable; the table lists them and report.json holds every counterexample.</p>`
      : "";
  return [
    `<section class="problems"><h2>${h(title)}: ${groups.length} rules <small>${checks} checks</small></h2>`,
    overviewHtml(groups),
    ...shown,
    left,
    "</section>",
  ].join("\n");
}

/** The failures and warnings of report.html, grouped by rule and cause, within a size budget. */
export function failuresHtml(results: readonly CheckResult[], detailBudget = HTML_DETAIL_BUDGET): string {
  const budget = { chars: detailBudget };
  return [
    sectionHtml("Failures", groupFailures(results, "fail"), budget),
    sectionHtml("Warnings", groupFailures(results, "warn"), budget),
  ].join("\n");
}
