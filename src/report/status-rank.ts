/**
 * How the outcomes of one report row combine — within a run (`ResultCollector`), across the shards of
 * `cbcheck merge` and across the merged reports of `cbcheck load --merge` — in one table, so that a row
 * merged from shards reads exactly as it would have in one unsharded run (docs/reports.md, "Row status").
 */
import type { ResultStatus } from "./model.js";

/**
 * The rank of each status; a row takes the highest rank among its outcomes:
 * `fail` > `warn` > `pass` > `inconclusive` > `skip`. A row judged on some exchanges (or in some shard) and
 * unjudgeable on others (no response, a shard that could not judge it) is judged by what it saw: `pass`
 * outranks `inconclusive`; a row nobody could judge stays `inconclusive`; `skip` only when nothing else.
 */
export const STATUS_RANK: Readonly<Record<ResultStatus, number>> = {
  skip: 0,
  inconclusive: 1,
  pass: 2,
  warn: 3,
  fail: 4,
};

/** The status a row takes from two of its outcomes: the higher ranked (see `STATUS_RANK`). */
export function combinedStatus(a: ResultStatus, b: ResultStatus): ResultStatus {
  return STATUS_RANK[b] > STATUS_RANK[a] ? b : a;
}
