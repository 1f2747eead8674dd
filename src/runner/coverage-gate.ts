/**
 * The coverage gate of a merged run (`cbcheck merge`): the shards of a run with `--fail-on-unexercised` or
 * `--min-exercised N` leave the gate to the merge (a shard cannot see what the others exercised), which judges
 * it on the coverage added up over all shards — a rule exercised in any shard is exercised.
 */

import { Redactor } from "../redactor.js";
import type { Report } from "../report/model.js";
import { summarise } from "../report/summarise.js";
import { unexercisedOutcome } from "./coverage.js";
import { ResultCollector } from "./results.js";

/** The gate's minimum the shards recorded (`details.coverageGate.minExercised`), the largest; 0 when none did. */
export function recordedCoverageGate(shards: readonly Report[]): number {
  let min = 0;
  for (const report of shards) {
    const gate = (report.details?.coverageGate as { minExercised?: unknown } | undefined)?.minExercised;
    if (typeof gate === "number" && Number.isInteger(gate) && gate > min) min = gate;
  }
  return min;
}

/**
 * The merged report with the gate applied: a failing `run.rule_unexercised` row (and verdict `fail`) when a
 * rule of the run's suites judged fewer than `min` exchanges in all shards together; unchanged otherwise.
 */
export function applyCoverageGate(report: Report, min: number): Report {
  if (min <= 0 || !report.coverage) return report;
  const details = { ...report.details, coverageGate: { minExercised: min } };
  const outcome = unexercisedOutcome(report.coverage, min);
  if (!outcome) return { ...report, details };
  // A merged report holds no key: nothing to redact from a row built of its coverage.
  const rows = new ResultCollector(new Redactor());
  rows.add("coverage", outcome);
  const results = [...report.results, ...rows.results()];
  const { reason: _reason, ...rest } = report;
  return {
    ...rest,
    verdict: "fail",
    results,
    summary: { ...report.summary, ...summarise(results) },
    details,
  };
}
