/**
 * The grouped failure summary every command prints at its end (run, merge, load, certify-client, proxy,
 * compare): the whole-class diagnosis first when there is one, then the rules that broke the most exchanges,
 * each with its distinct causes (a one-line form, the curl line, the replay line), then the next rules one line
 * each, then "… and N more". The reports hold the rest: report.md every rule, report.json every row.
 */
import { reportDiagnosis } from "./diagnosis.js";
import { escapeControls } from "./escape.js";
import { type FailureCause, type FailureGroup, groupFailures } from "./failure-groups.js";
import { curlOf, exampleFacts, oneLine } from "./failure-text.js";
import type { Report } from "./model.js";

/** Options of `failureSummaryLines`; all optional. */
export interface FailureSummaryOptions {
  /** Where the report.json is, for `cbcheck replay` lines (run and merge reports only). */
  replayDir?: string;
  /**
   * A target off this machine, named on replay lines (`--base-url`): replay sends a key only where the user
   * says (src/runner/replay-target.ts).
   */
  replayBaseUrl?: string;
  /** Rules shown with their causes (default 5). */
  detailedRules?: number;
  /** Rules shown after those, one line each (default 10). */
  listedRules?: number;
  /** Causes shown per detailed rule (default 3). */
  causesPerRule?: number;
  /** The word for a failing row in the header line (default `check`; compare: `operation`). */
  rowWord?: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** `a, b, c, … (+2)`: a list that stays one line. */
function shortList(items: readonly string[], max = 4): string {
  const shown = items.slice(0, max).join(", ");
  return items.length > max ? `${shown}, … (+${items.length - max})` : shown;
}

/** `457 exchanges, 26 checks, 6 operations (resolve, me, …)`: how widely a rule broke. */
export function groupExtent(g: FailureGroup, rowWord = "check"): string {
  const parts = [plural(g.exchanges, "exchange"), plural(g.checks, rowWord)];
  if (g.operations.length > 0)
    parts.push(`${plural(g.operations.length, "operation")} (${shortList(g.operations)})`);
  return parts.join(", ");
}

/** `(71×: resolve, me)`: how often a cause was kept and where. */
export function causeExtent(c: FailureCause): string {
  return `${c.count}×${c.operations.length > 0 ? `: ${shortList(c.operations, 3)}` : ""}`;
}

/** The replay line of a cause, when its example can be replayed from `dir` (`baseUrl`: a target to name). */
export function replayLine(c: FailureCause, dir: string | undefined, baseUrl?: string): string | undefined {
  if (dir === undefined || c.replayIndex === undefined) return undefined;
  return `cbcheck replay ${dir} --index ${c.replayIndex}${baseUrl ? ` --base-url ${baseUrl}` : ""}`;
}

function causeLines(c: FailureCause, options: FailureSummaryOptions): string[] {
  const lines = [`  - ${oneLine(c.title, 300)} (${causeExtent(c)})`];
  const facts = c.example ? exampleFacts(c.example) : "";
  if (facts) lines.push(`      ${facts}`);
  const curl = c.example ? curlOf(c.example) : undefined;
  if (curl) lines.push(`      Reproduce with: ${curl}`);
  const replay = replayLine(c, options.replayDir, options.replayBaseUrl);
  if (replay) lines.push(`      Replay with: ${replay}`);
  return lines;
}

function detailedLines(g: FailureGroup, options: FailureSummaryOptions): string[] {
  const shown = options.causesPerRule ?? 3;
  const lines = [
    `${g.status === "fail" ? "FAIL" : "WARN"} ${g.id}: ${groupExtent(g, options.rowWord)}`,
    `  Contract: ${g.sentence}`,
  ];
  if (g.message && g.causes.every((c) => c.title !== g.message)) lines.push(`  ${g.message}`);
  for (const c of g.causes.slice(0, shown)) lines.push(...causeLines(c, options));
  if (g.causes.length > shown) lines.push(`  … and ${plural(g.causes.length - shown, "more cause")}`);
  lines.push("");
  return lines;
}

/** A line as a terminal may be shown it: what a target sent (titles, messages, curl bodies) cannot act on it. */
const asShown = (line: string) => escapeControls(line, true);

/**
 * The end-of-run failure text of a report: diagnosis, grouped failing rules, and "… and N more". Empty when
 * nothing failed and there is no diagnosis.
 */
export function failureSummaryLines(report: Report, options: FailureSummaryOptions = {}): string[] {
  const lines: string[] = [];
  const diagnosis = reportDiagnosis(report);
  if (diagnosis) lines.push(`Likely cause: ${diagnosis}`, "");
  const groups = groupFailures(report.results);
  if (groups.length === 0) return lines.map(asShown);
  const detailed = options.detailedRules ?? 5;
  const listed = options.listedRules ?? 10;
  const checks = groups.reduce((n, g) => n + g.checks, 0);
  lines.push(
    `Failures: ${plural(groups.length, "rule")} broken (${plural(checks, options.rowWord ?? "check")}); ` +
      "the rules that broke the most exchanges first:",
    "",
  );
  for (const g of groups.slice(0, detailed)) lines.push(...detailedLines(g, options));
  const rest = groups.slice(detailed, detailed + listed);
  for (const g of rest)
    lines.push(
      `FAIL ${g.id}: ${groupExtent(g, options.rowWord)} — ${oneLine(g.causes[0]?.title ?? "", 300)}`,
    );
  const more = groups.length - detailed - rest.length;
  if (more > 0) lines.push(`… and ${plural(more, "more failing rule")} (report.md lists every rule)`);
  if (rest.length > 0 || more > 0) lines.push("");
  return lines.map(asShown);
}
