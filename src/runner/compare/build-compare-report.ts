/**
 * The report of a `cbcheck compare`, built from what the comparison tallied (compare-tally.ts): one row per
 * operation and kind of difference (breaking fails, additive warns, data is listed), the example pairs as
 * counterexamples, the differences by kind and operation in `details`, and why it stopped early, if it did.
 * Pure: it sends, prints and writes nothing.
 */
import type { CheckResult, CommandResult, Report } from "../../report/model.js";
import { summarise } from "../../report/summarise.js";
import { decideVerdict } from "../../report/verdict.js";
import { COMPARE } from "../../verdicts/compare.js";
import { VERSION } from "../../version.js";
import type { RunStopped } from "../run-stopped.js";
import type { CompareTally, Found } from "./compare-tally.js";

/** What a finished comparison recorded. */
export interface CompareRecord {
  baseUrl: string;
  candidateUrl: string;
  seed: number;
  ignore: readonly string[];
  startedAt: string;
  finishedAt: string;
  calls: number;
  tally: CompareTally;
  /** Why the comparison stopped before its last pair (deadline, give-up, interruption). */
  stopped?: RunStopped;
  notes: readonly string[];
  secrets: string[];
}

/** The three rows of one operation: breaking, additive, data. */
function rowsOf(tally: CompareTally, operation: string): CheckResult[] {
  const compared = tally.pairs.get(operation) ?? 0;
  const row = (
    v: (typeof COMPARE)[keyof typeof COMPARE],
    status: "pass" | "fail" | "warn",
    slot: Found | undefined,
    note?: string,
  ): CheckResult => ({
    id: v.id,
    suite: "compare",
    operation,
    // A pass judged on no pair at all (neither release answered) saw nothing: it is inconclusive.
    status: status === "pass" && compared === 0 ? "inconclusive" : status,
    sentence: v.sentence,
    section: v.section,
    exchanges: compared,
    ...(compared === 0
      ? { message: "no pair compared: neither release answered" }
      : note
        ? { message: note }
        : {}),
    counterexamples: status === "pass" ? [] : (slot?.examples ?? []).map((e) => e.counterexample),
  });
  const breaking = tally.found("breaking", operation);
  const additive = tally.found("additive", operation);
  const data = tally.found("data", operation);
  return [
    row(
      COMPARE.noBreakingChange,
      breaking ? "fail" : "pass",
      breaking,
      breaking ? `${breaking.differences} breaking difference(s)` : undefined,
    ),
    row(
      COMPARE.additiveChange,
      additive ? "warn" : "pass",
      additive,
      additive ? `${additive.differences} additive difference(s)` : undefined,
    ),
    row(
      COMPARE.dataChange,
      "pass",
      data,
      data ? `${data.differences} data difference(s) (values of the snapshot)` : "no data differences",
    ),
  ];
}

/** The report of a finished comparison, and the keys no output may show. */
export function buildCompareReport(run: CompareRecord): CommandResult {
  const results = run.tally.operations().flatMap((operation) => rowsOf(run.tally, operation));
  const differences = Object.fromEntries(
    run.tally
      .entries()
      .map(([key, slot]) => [
        key,
        { count: slot.differences, examples: slot.examples.map((e) => e.difference) },
      ]),
  );
  const stopped = run.stopped ? `${run.stopped.message}; no verdict on the pairs not compared` : undefined;
  const report: Report = {
    tool: "cbcheck",
    version: VERSION,
    command: "compare",
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    seed: run.seed,
    target: { baseUrl: run.baseUrl, altBaseUrl: run.candidateUrl },
    ...decideVerdict(results, stopped ? { stopped } : {}),
    summary: { ...summarise(results), calls: run.calls },
    results,
    details: {
      candidateUrl: run.candidateUrl,
      ignore: [...run.ignore],
      differences,
      ...(run.stopped ? { stopped: run.stopped.reason } : {}),
    },
    notes: [
      ...(run.stopped ? [run.stopped.message] : []),
      `candidate ${run.candidateUrl} compared with base ${run.baseUrl}; ignored pointers: ${run.ignore.join(", ")}`,
      ...run.notes,
    ],
  };
  return { report, sections: [], secrets: run.secrets, ...(stopped ? { stopped } : {}) };
}
