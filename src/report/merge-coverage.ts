/**
 * The coverage section of a merged report (`cbcheck merge`): a rule is exercised when any shard exercised it
 * (the exchanges add up); otherwise its reason is the first one that is not about the shard split, since that
 * reason holds for every shard. Seen values add up.
 */
import type { CoverageRule, Report, RunCoverage } from "./model.js";

const SHARD_REASON = /^shard \d+\/\d+ did not draw it/;

function addTallies(into: Record<string, number>, from: Record<string, number>): void {
  for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
}

const sorted = (t: Record<string, number>): Record<string, number> =>
  Object.fromEntries(Object.entries(t).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** Merges the shards' coverage sections; undefined when no shard has one. */
export function mergeCoverage(reports: readonly Report[]): RunCoverage | undefined {
  const parts = reports.map((r) => r.coverage).filter((c): c is RunCoverage => c !== undefined);
  if (parts.length === 0) return undefined;
  const rules = new Map<string, CoverageRule>();
  const seen: RunCoverage["seen"] = {
    statuses: {},
    errorCodes: {},
    nodeTypes: {},
    predicates: {},
    extensions: {},
  };
  for (const part of parts) {
    for (const rule of part.rules) {
      const had = rules.get(rule.id);
      if (!had) rules.set(rule.id, { ...rule });
      else if (rule.reason === undefined)
        rules.set(rule.id, {
          id: rule.id,
          exchanges: (had.reason === undefined ? had.exchanges : 0) + rule.exchanges,
        });
      else if (had.reason !== undefined && SHARD_REASON.test(had.reason)) rules.set(rule.id, { ...rule });
    }
    for (const key of Object.keys(seen) as (keyof RunCoverage["seen"])[])
      addTallies(seen[key], part.seen[key]);
  }
  const merged = [...rules.values()].map((r) =>
    r.reason !== undefined && SHARD_REASON.test(r.reason)
      ? { id: r.id, exchanges: 0, reason: "no shard drew it" }
      : r,
  );
  return {
    rules: merged,
    unexercised: merged.filter((r) => r.reason !== undefined).length,
    seen: {
      statuses: sorted(seen.statuses),
      errorCodes: sorted(seen.errorCodes),
      nodeTypes: sorted(seen.nodeTypes),
      predicates: sorted(seen.predicates),
      extensions: sorted(seen.extensions),
    },
  };
}
