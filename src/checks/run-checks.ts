/**
 * Runs the catalogue (or some of it) on one exchange. It runs on every response under load, so it does
 * no more than call each applicable check; a transport failure (no response) is judged by no content check.
 */
import type { Exchange } from "../transport/exchange.js";
import { CATALOGUE } from "./catalogue.js";
import type { Check, CheckFailure } from "./check.js";

const BY_ID = new Map(CATALOGUE.map((c) => [c.id, c]));

/** The checks with these ids (all when none given); unknown ids are ignored by `runChecks`, reported here. */
export function selectChecks(ids?: readonly string[]): { checks: Check[]; unknown: string[] } {
  if (!ids) return { checks: [...CATALOGUE], unknown: [] };
  const checks: Check[] = [];
  const unknown: string[] = [];
  for (const id of ids) {
    const check = BY_ID.get(id);
    if (check) checks.push(check);
    else unknown.push(id);
  }
  return { checks, unknown };
}

/** All failures the selected checks (default: the whole catalogue) find in one exchange. */
export function runChecks(exchange: Exchange, ids?: readonly string[]): CheckFailure[] {
  return judgeExchange(exchange, ids).failures;
}

/** What the catalogue found on one exchange: the failures, and the ids of the checks that applied. */
export interface Judgement {
  failures: CheckFailure[];
  /** Ids of the selected checks whose `appliesTo` held (each judged it, failing or not). */
  applicable: string[];
}

/**
 * Failures kept per check and exchange: a body of 20,000 wrong items is one broken rule, and a report with
 * 20,000 rows of it helps nobody (issue 14: work and output linear in the contract's caps, not the body).
 */
export const MAX_FAILURES_PER_CHECK = 25;

/**
 * `runChecks` that also says which checks applied: the runner records a row for each (a pass when it
 * found nothing). The same function judges in the main thread and in the judging worker (judge-thread/).
 */
export function judgeExchange(exchange: Exchange, ids?: readonly string[]): Judgement {
  if (exchange.response === undefined) return { failures: [], applicable: [] };
  const checks = ids ? selectChecks(ids).checks : CATALOGUE;
  const failures: CheckFailure[] = [];
  const applicable: string[] = [];
  for (const check of checks) {
    if (!check.appliesTo(exchange)) continue;
    applicable.push(check.id);
    const found = check.run(exchange);
    const kept = found.length > MAX_FAILURES_PER_CHECK ? found.slice(0, MAX_FAILURES_PER_CHECK) : found;
    for (const f of kept) failures.push(f);
  }
  return { failures, applicable };
}

/** Failures grouped by the check that found them, each group in the order found. */
export function failuresByCheck(failures: readonly CheckFailure[]): Map<string, CheckFailure[]> {
  const byCheck = new Map<string, CheckFailure[]>();
  for (const f of failures) {
    const list = byCheck.get(f.checkId);
    if (list) list.push(f);
    else byCheck.set(f.checkId, [f]);
  }
  return byCheck;
}
