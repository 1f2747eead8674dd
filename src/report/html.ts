/**
 * `report.html`: one self-contained page (inline CSS, no external resources, no JS): verdict banner, the
 * whole-class diagnosis, summary, failures and warnings grouped by rule and cause (html-failures.ts), then every
 * row (collapsed) in a CSS-filterable table grouped by suite, then extra sections.
 */
import { reportDiagnosis } from "./diagnosis.js";
import { escapeHtml as h } from "./escape.js";
import { failuresHtml } from "./html-failures.js";
import { FILTERS, HTML_STYLE } from "./html-style.js";
import type { CheckResult, HtmlSection, Report } from "./model.js";
import { byStatus, groupBySuite, type Reporter } from "./reporter.js";
import { verdictLabel } from "./verdict.js";

/** Forbids scripts and any fetch, so even a hostile string that escaped escaping could not load anything. */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** One row of the folded table: its counterexamples are in the grouped failures above (and report.json). */
function rowHtml(r: CheckResult): string {
  const note = r.message ? `<div>${h(r.message)}</div>` : "";
  const exchanges = r.exchanges !== undefined ? String(r.exchanges) : "";
  return [
    `<tbody class="s-${h(r.status)}"><tr>`,
    `<td><span class="st st-${h(r.status)}">${h(r.status)}</span></td>`,
    `<td><code>${h(r.id)}</code></td><td>${h(r.operation ?? "")}</td><td>${h(exchanges)}</td>`,
    `<td><div class="sentence">${h(r.sentence)}</div>${note}</td>`,
    "</tr></tbody>",
  ].join("");
}

function suiteHtml(suite: string, results: CheckResult[]): string {
  const has = [...new Set(results.map((r) => `has-${h(r.status)}`))].join(" ");
  const failed = results.filter((r) => r.status === "fail").length;
  const tally = `${results.length} check${results.length === 1 ? "" : "s"}${failed ? `, ${failed} failed` : ""}`;
  return [
    `<div class="suite ${has}"><h2>${h(suite)}<small>${tally}</small></h2><table>`,
    '<colgroup><col class="c-status"><col class="c-check"><col class="c-op"><col class="c-ex"><col></colgroup>',
    "<thead><tr><th>status</th><th>check</th><th>operation</th><th>exchanges</th><th>contract and evidence</th></tr></thead>",
    ...byStatus(results).map(rowHtml),
    "</table></div>",
  ].join("\n");
}

function summaryHtml(report: Report): string {
  const s = report.summary;
  const cards: [string, number | undefined][] = [
    ["passed", s.passed],
    ["failed", s.failed],
    ["warnings", s.warnings],
    ["skipped", s.skipped],
    ["inconclusive", s.inconclusive],
    ["calls", s.calls],
  ];
  return `<div class="cards">${cards
    .filter(([, n]) => n !== undefined)
    .map(([k, n]) => `<div class="card"><b>${n}</b>${k}</div>`)
    .join("")}</div>`;
}

function metaHtml(report: Report): string {
  const parts = [`cbcheck ${report.version}`, `${report.startedAt} → ${report.finishedAt}`];
  if (report.seed !== undefined) parts.push(`seed ${report.seed}`);
  if (report.target?.baseUrl) parts.push(`target ${report.target.baseUrl}`);
  if (report.target?.embedded) parts.push("embedded reference server");
  const notes = (report.notes ?? []).map((n) => `<li>${h(n)}</li>`).join("");
  return `<p class="meta">${h(parts.join(" · "))}</p>${notes ? `<ul>${notes}</ul>` : ""}`;
}

function filtersHtml(): string {
  return FILTERS.map(
    (f) =>
      `<input type="radio" name="filter" id="f-${f}"${f === "all" ? " checked" : ""}><label class="filter" for="f-${f}">${f}</label>`,
  ).join("");
}

function sectionHtml(s: HtmlSection): string {
  return `<section class="extra"><h2>${h(s.title)}</h2>\n${s.html}\n</section>`;
}

/** Renders `report.html`; `sections` (trusted, self-contained HTML) follow the results in order. */
export const htmlReporter: Reporter = {
  fileName: "report.html",
  render(report, sections) {
    const title = `cbcheck ${report.command}: ${verdictLabel(report.verdict)}`;
    const reason = report.reason ? `<p class="reason">${h(report.reason)}</p>` : "";
    const diagnosis = reportDiagnosis(report);
    const likely = diagnosis ? `<p class="diagnosis"><b>Likely cause:</b> ${h(diagnosis)}</p>` : "";
    return [
      "<!doctype html>",
      '<html lang="en"><head><meta charset="utf-8">',
      `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>${h(title)}</title><style>${HTML_STYLE}</style></head><body>`,
      `<div class="banner ${report.verdict === "pass" ? "pass" : "fail"}">${h(title)}</div><main>`,
      likely,
      reason,
      metaHtml(report),
      summaryHtml(report),
      failuresHtml(report.results),
      // Every row, passes included, collapsed below the problems.
      `<details class="all"><summary>All results (${report.results.length})</summary>`,
      filtersHtml(),
      '<div class="results">',
      ...[...groupBySuite(report.results)].map(([suite, rs]) => suiteHtml(suite, rs)),
      "</div></details>",
      ...sections.map(sectionHtml),
      "</main></body></html>",
      "",
    ].join("\n");
  },
};
