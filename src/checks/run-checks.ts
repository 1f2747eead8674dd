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
  if (exchange.response === undefined) return [];
  const checks = ids ? selectChecks(ids).checks : CATALOGUE;
  const out: CheckFailure[] = [];
  for (const check of checks) {
    if (!check.appliesTo(exchange)) continue;
    const found = check.run(exchange);
    for (const f of found) out.push(f);
  }
  return out;
}

/** One applicable check and what it found on an exchange (nothing: it passed). */
export interface CheckOutcome {
  check: Check;
  failures: CheckFailure[];
}

/**
 * The selected checks (default: the whole catalogue) that apply to one exchange, each with its failures, in
 * the order `runChecks` runs them: applicability is decided once, for judging and recording alike.
 */
export function judgeEach(exchange: Exchange, ids?: readonly string[]): CheckOutcome[] {
  if (exchange.response === undefined) return [];
  const checks = ids ? selectChecks(ids).checks : CATALOGUE;
  const out: CheckOutcome[] = [];
  for (const check of checks) {
    if (check.appliesTo(exchange)) out.push({ check, failures: check.run(exchange) });
  }
  return out;
}
