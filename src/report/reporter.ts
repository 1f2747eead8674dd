/** The shape every reporter has (vitest-style name → reporter map lives in reporters.ts). */
import type { CheckResult, HtmlSection, Report } from "./model.js";

/** Renders a whole report as the text of one file. Pure: no I/O. */
export interface Reporter {
  /** File written in the report directory, e.g. `junit.xml`. */
  fileName: string;
  render(report: Report, sections: readonly HtmlSection[]): string;
}

/** Results grouped by suite, in first-seen order (a Map keeps insertion order). */
export function groupBySuite(results: readonly CheckResult[]): Map<string, CheckResult[]> {
  const groups = new Map<string, CheckResult[]>();
  for (const r of results) {
    const list = groups.get(r.suite) ?? [];
    list.push(r);
    groups.set(r.suite, list);
  }
  return groups;
}

/** The display name of a row: check id, plus the operation when the row is per operation. */
export function rowName(r: CheckResult): string {
  return r.operation ? `${r.id} [${r.operation}]` : r.id;
}

const STATUS_RANK: Record<CheckResult["status"], number> = {
  fail: 0,
  warn: 1,
  inconclusive: 2,
  skip: 3,
  pass: 4,
};

/** Rows with failures first, then warnings, inconclusive, skipped, passed; stable within each status. */
export function byStatus(results: readonly CheckResult[]): CheckResult[] {
  return [...results].sort((a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status]);
}
