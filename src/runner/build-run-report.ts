/**
 * The report of a `cbcheck run`, built from what the run recorded once it is over: verdict, summary, notes,
 * coverage (and its gate), the rows as `--strict` shows them, the HTML sections and the keys to redact.
 * Pure: it reads a `RunRecord` and sends, prints and writes nothing.
 */
import type { Redactor } from "../redactor.js";
import { coverageSection } from "../report/coverage.js";
import type { HarDocument } from "../report/har.js";
import type { CheckResult, CommandResult, Report } from "../report/model.js";
import { sealResult } from "../report/seal-result.js";
import { sentValuesSection } from "../report/sent-values.js";
import { summarise } from "../report/summarise.js";
import { decideVerdict } from "../report/verdict.js";
import { VERSION } from "../version.js";
import { runCoverage, unexercisedOutcome } from "./coverage.js";
import type { RunTarget } from "./engine.js";
import { coverageGate, type ResolvedRunOptions, runSecrets } from "./options.js";
import type { RunPlan } from "./plan.js";
import { rerunCommand } from "./rerun-command.js";
import { ResultCollector } from "./results.js";
import type { RunStopped } from "./run-stopped.js";
import { strictResults } from "./strict.js";

/** What a finished run recorded: plain values, read once its engine closed. */
export interface RunRecord {
  options: ResolvedRunOptions;
  target: RunTarget;
  startedAt: string;
  finishedAt: string;
  /** Wall seconds of the run, at millisecond precision (exchanges per second of a short run use it). */
  seconds: number;
  plan: RunPlan;
  /** The rows the suites recorded. */
  rows: CheckResult[];
  /** Notes the suites and the engine made, in order. */
  notes: readonly string[];
  /** What the credit budget spent and its one-line account (`creditNote`). */
  credits: { spent: number; note: string };
  calls: number;
  stopped?: RunStopped;
  /** Seconds per suite, for JUnit testsuite times. */
  timings: Record<string, number>;
  sent: NonNullable<Report["sent"]>;
  seen: Parameters<typeof runCoverage>[0]["seen"];
  har?: HarDocument;
  /** The run's keys: the report leaves here redacted with them (sealResult). */
  redactor: Redactor;
}

/** The report of a finished run, its HTML sections and the keys no output may show; redacted with them. */
export function buildRunReport(run: RunRecord): CommandResult {
  const { options, stopped } = run;
  const notes = [...(stopped ? [stopped.message] : []), ...run.notes];
  if (run.plan.runsNote) notes.push(run.plan.runsNote);
  notes.push(run.credits.note);
  const coverage = runCoverage({
    results: run.rows,
    suites: options.suites,
    shard: options.shard,
    seen: run.seen,
    ...(stopped ? { stopped: stopped.message } : {}),
  });
  // A shard cannot tell a rule that another shard exercised: the gate is left to cbcheck merge (noted).
  const gate = coverageGate(options);
  const deferGate = gate > 0 && options.shard.count > 1;
  const unexercised = gate > 0 && !deferGate ? unexercisedOutcome(coverage, gate) : undefined;
  const gated = new ResultCollector(run.redactor);
  if (unexercised) gated.add("coverage", unexercised);
  if (deferGate)
    notes.push(
      `coverage gate (every rule judges at least ${gate} exchange${gate === 1 ? "" : "s"}) left to cbcheck merge: a shard cannot see what the others exercised`,
    );
  const results = strictResults([...run.rows, ...gated.results()], options.strict);
  const why = stopped ? `${stopped.message}; no verdict` : undefined;
  const report: Report = {
    tool: "cbcheck",
    version: VERSION,
    command: "run",
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    seed: options.seed,
    target: {
      baseUrl: run.target.baseUrl,
      ...(run.target.altBaseUrl ? { altBaseUrl: run.target.altBaseUrl } : {}),
      embedded: run.target.embedded,
    },
    ...decideVerdict(results, {
      ...(why ? { stopped: why } : {}),
      allowInconclusive: options.allowInconclusive,
    }),
    summary: { ...summarise(results), calls: run.calls, credits: run.credits.spent, seconds: run.seconds },
    results,
    details: {
      plan: run.plan,
      ...(gate > 0 ? { coverageGate: { minExercised: gate } } : {}),
      ...(stopped ? { stopped: stopped.reason } : {}),
    },
    ...(notes.length > 0 ? { notes } : {}),
    shard: `${options.shard.index}/${options.shard.count}`,
    rerun: rerunCommand(options),
    timings: run.timings,
    sent: run.sent,
    coverage,
  };
  const secrets = runSecrets(options);
  const result: CommandResult = {
    report,
    sections: [sentValuesSection(run.sent), coverageSection(coverage)],
    secrets,
    ...(why ? { stopped: why } : {}),
    ...(options.har && run.har ? { har: { path: options.har, document: run.har } } : {}),
  };
  return sealResult(result, run.redactor);
}
