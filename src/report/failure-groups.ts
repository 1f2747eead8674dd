/**
 * Failures grouped as Schemathesis groups them: by rule (how many checks, exchanges and operations it broke) and,
 * within a rule, by distinct cause, each cause with one minimal counterexample. Every summary and report that
 * lists failures (console, report.md, report.html, the GitHub step summary) reads these groups, so a target that
 * breaks one rule on 400 exchanges shows one entry, not 400; report.json keeps every row.
 */
import type { CheckResult, Counterexample } from "./model.js";
import { replayIndexOf } from "./replayable.js";

/** One distinct cause of a rule's failures. */
export interface FailureCause {
  /** The title of its example (the first counterexample that showed it, when none is shrunk or smaller). */
  title: string;
  /** Counterexamples the report keeps with this cause (rows keep a few each: a floor, not a total). */
  count: number;
  /** Operations it was seen on, in first-seen order. */
  operations: string[];
  /** Its minimal counterexample: a shrunk one first, else the one with the shortest request. */
  example?: Counterexample;
  /** `cbcheck replay --index N` of that example (1-based, run reports), when it has a request. */
  replayIndex?: number;
}

/** Every failing (or warning) row of one rule. */
export interface FailureGroup {
  id: string;
  status: "fail" | "warn";
  sentence: string;
  section?: string;
  /** Report rows (a rule on one operation within one suite) with this status. */
  checks: number;
  /** Exchanges the rule failed on (`failedExchanges`; a row without it counts its counterexamples, at least 1). */
  exchanges: number;
  operations: string[];
  suites: string[];
  /** The first row's message (rows of suite verdicts explain themselves there). */
  message?: string;
  /** Distinct causes, the most frequent first. */
  causes: FailureCause[];
}

/**
 * The part of a title that names the cause: ids, counts, sizes and years differ between instances of one
 * cause; HTTP statuses (100–599) and names do not, so they stay.
 */
export function causeKey(title: string): string {
  return title
    .replace(/\bcb:[a-z_]+:[^\s"',;)\]]+/g, "cb:…")
    .replace(/\[[^\][]*\]/g, "[…]")
    .replace(/\b(?![1-5]\d\d\b)\d+(?:\.\d+)?\b/g, "N");
}

/** Size of a counterexample's request: the smaller of two examples of one cause is the one to show. */
function requestSize(cx: Counterexample): number {
  return cx.request ? cx.request.url.length + (cx.request.body?.length ?? 0) : Number.MAX_SAFE_INTEGER;
}

/** True when `a` is a better (more minimal) example than `b`. */
function isSmaller(a: Counterexample, b: Counterexample): boolean {
  if ((a.shrinks !== undefined) !== (b.shrinks !== undefined)) return a.shrinks !== undefined;
  return requestSize(a) < requestSize(b);
}

interface CauseDraft extends FailureCause {
  row?: CheckResult;
}

function addCause(
  causes: Map<string, CauseDraft>,
  title: string,
  row: CheckResult,
  example?: Counterexample,
): void {
  const key = causeKey(title);
  const had = causes.get(key);
  const operation = row.operation ?? row.suite;
  if (!had) {
    causes.set(key, { title, count: 1, operations: [operation], row, ...(example ? { example } : {}) });
    return;
  }
  had.count++;
  if (!had.operations.includes(operation)) had.operations.push(operation);
  if (example && (!had.example || isSmaller(example, had.example))) {
    had.example = example;
    had.title = example.title;
    had.row = row;
  }
}

/** Rows of one rule with one status, grouped. */
function groupOf(id: string, status: "fail" | "warn", rows: CheckResult[], all: readonly CheckResult[]) {
  const causes = new Map<string, CauseDraft>();
  let exchanges = 0;
  for (const row of rows) {
    exchanges += row.failedExchanges ?? Math.max(1, row.counterexamples.length);
    if (row.counterexamples.length === 0) addCause(causes, row.message ?? `${status}ed`, row);
    for (const cx of row.counterexamples) addCause(causes, cx.title, row, cx);
  }
  const first = rows[0];
  const ordered = [...causes.values()].sort((a, b) => b.count - a.count);
  const group: FailureGroup = {
    id,
    status,
    sentence: first.sentence,
    ...(first.section ? { section: first.section } : {}),
    checks: rows.length,
    exchanges,
    operations: [...new Set(rows.flatMap((r) => (r.operation ? [r.operation] : [])))],
    suites: [...new Set(rows.map((r) => r.suite))],
    ...(first.message ? { message: first.message } : {}),
    causes: ordered.map(({ row, ...cause }) => {
      const index = row && cause.example ? replayIndexOf(all, row, cause.example) : undefined;
      return index === undefined ? cause : { ...cause, replayIndex: index };
    }),
  };
  return group;
}

/**
 * The rows of `results` with `status` (default `fail`) grouped by rule: the rules that broke the most exchanges
 * first (then the most checks, then by id), each with its distinct causes.
 */
export function groupFailures(
  results: readonly CheckResult[],
  status: "fail" | "warn" = "fail",
): FailureGroup[] {
  const byRule = new Map<string, CheckResult[]>();
  for (const r of results) {
    if (r.status !== status) continue;
    const rows = byRule.get(r.id) ?? [];
    rows.push(r);
    byRule.set(r.id, rows);
  }
  return [...byRule]
    .map(([id, rows]) => groupOf(id, status, rows, results))
    .sort((a, b) => b.exchanges - a.exchanges || b.checks - a.checks || (a.id < b.id ? -1 : 1));
}
