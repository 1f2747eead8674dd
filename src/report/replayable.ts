/**
 * The counterexamples `cbcheck replay` can re-send, in the order its `--index N` counts them: one list, read by
 * the replay command and by every summary that prints a replay line, so the two cannot disagree.
 */
import type { CheckResult, Counterexample } from "./model.js";

/** A counterexample with a request, and its row. */
export interface Replayable {
  row: CheckResult;
  cx: Counterexample;
}

/** Failing and warning rows' counterexamples that carry a request, in report order (`--index` is 1-based). */
export function replayableCounterexamples(results: readonly CheckResult[]): Replayable[] {
  return results
    .filter((r) => r.status === "fail" || r.status === "warn")
    .flatMap((row) => row.counterexamples.filter((cx) => cx.request).map((cx) => ({ row, cx })));
}

/** The `--index` of `cx` of `row` among `results`' replayable counterexamples, or undefined. */
export function replayIndexOf(
  results: readonly CheckResult[],
  row: CheckResult,
  cx: Counterexample,
): number | undefined {
  const at = replayableCounterexamples(results).findIndex((c) => c.row === row && c.cx === cx);
  return at < 0 ? undefined : at + 1;
}
