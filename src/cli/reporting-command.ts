/**
 * The frame every report-producing command (`run`, `load`, `certify-client`) runs in: it watches SIGINT and
 * SIGTERM, picks the report folder, and writes the four reports on EVERY exit after argv was parsed — pass,
 * fail, incomplete, interrupted, and a harness error (an unreachable target, a bad option value found while
 * resolving) — so CI always finds a junit.xml whose verdict matches the exit code; under GitHub Actions it also
 * appends the grouped summary to the step summary and prints one annotation per failing rule (github-output.ts).
 */
import { dirname } from "node:path";
import { EXIT, HarnessError } from "../errors.js";
import { boundReport } from "../report/bound.js";
import { errorReport } from "../report/error-report.js";
import { escapeControls } from "../report/escape.js";
import type { HarDocument } from "../report/har.js";
import type { CommandResult, HtmlSection, Report } from "../report/model.js";
import { prepareReportDir } from "../report/prepare-report-dir.js";
import {
  claimReportDir,
  defaultReportDir,
  latestReportDir,
  type ReportingCommand,
} from "../report/report-dir.js";
import type { ReporterName } from "../report/report-formats.js";
import { exitCodeOf, markInterrupted, verdictLabel } from "../report/verdict.js";
import { writeHar } from "../report/write-har.js";
import { writeReports } from "../report/write-reports.js";
import { writeGithubOutputs } from "./github-output.js";
import { watchInterrupts } from "./interrupt.js";
import type { Invocation } from "./invocation.js";

/** Renders the end-of-run text of a command from its report and the files written. */
export type SummaryText = (report: Report, files: readonly string[]) => string;

/** Exchanges a command records as HAR (`--har`), written on every exit once kept: a run ended by a harness error
 * (exit 2) is when they explain most. */
export interface HarSink {
  path: string;
  /** Records redacted, with the command's `Redactor` (src/report/har.ts). */
  recorder: { document(): HarDocument };
}

/** One run of a reporting command. */
export interface ReportingCommandSpec {
  command: ReportingCommand;
  /** `--report-dir` as given (written as is); absent: a new `reports/<command>/<timestamp>` and `latest`. */
  reportDir: string | undefined;
  summary: SummaryText;
  /** `--formats`: the report files to write (default all four). */
  formats?: readonly ReporterName[];
  /** True when SIGINT/SIGTERM is the command's normal end (`proxy`): the verdict stays pass/fail. */
  signalEnds?: boolean;
  /**
   * Resolves the options (with `reportDir`, the folder chosen) and runs; stops when `signal` aborts. With `--har`
   * it keeps its recorder (`keepHar`) before sending, so that the HAR is written on every exit.
   */
  execute(run: {
    reportDir: string;
    signal: AbortSignal;
    keepHar(sink: HarSink): void;
  }): Promise<CommandResult>;
}

/** The invocation's streams, as the GitHub outputs write to them (the step summary redacted as they are). */
const streamsOf = (cli: Invocation) => ({
  redact: (text: string) => cli.redact(text),
  stdout: (text: string) => {
    cli.stdout.write(text);
  },
  stderr: (text: string) => {
    cli.stderr.write(text);
  },
});

/** Writes the reports: into `dir` as given, or into a fresh default folder plus its `latest` copy. */
async function writeAll(
  cli: Invocation,
  spec: ReportingCommandSpec,
  dir: string,
  report: Report,
  sections: readonly HtmlSection[],
): Promise<string[]> {
  const options = { ...(spec.formats ? { reporters: spec.formats } : {}) };
  if (spec.reportDir !== undefined) return writeReports(dir, report, sections, options);
  const claimed = await claimReportDir(dir).catch((error: unknown) => {
    throw new HarnessError("CB_OUTPUT_UNWRITABLE", `cannot create ${dir}: ${(error as Error).message}`);
  });
  const files = await writeReports(claimed, report, sections, options);
  await writeReports(cli.path(latestReportDir(spec.command)), report, sections, options);
  return files;
}

/** Runs `spec`, writes its reports, prints its summary and sets the exit code (or throws a HarnessError). */
export async function runReportingCommand(cli: Invocation, spec: ReportingCommandSpec): Promise<void> {
  const startedAt = new Date();
  const dir = cli.path(spec.reportDir ?? defaultReportDir(spec.command, startedAt));
  const watch = watchInterrupts(cli.io, (line) => cli.stderr.write(`${line}\n`));
  let har: HarSink | undefined;
  const keepHar = (sink: HarSink) => {
    har = sink;
  };
  try {
    let result: CommandResult;
    try {
      // An unwritable folder is refused before anything is sent (a recursive mkdir under /proc never returns).
      await prepareReportDir(spec.reportDir === undefined ? dirname(dir) : dir);
      result = await spec.execute({ reportDir: dir, signal: watch.signal, keepHar });
    } catch (error) {
      if (!(error instanceof HarnessError) || error.code === "CB_OUTPUT_UNWRITABLE") throw error;
      const { code, message } = error;
      const signal = watch.received();
      // `merge` combines run reports: its report is a run's.
      const reportCommand = spec.command === "merge" ? "run" : spec.command;
      const base = errorReport({ command: reportCommand, startedAt, code, message });
      const report = signal ? markInterrupted(base, signal) : base;
      const files = await writeAll(cli, spec, dir, report, []).catch((): string[] => []);
      if (har) {
        const kept = har;
        // The exchanges before the error explain it; a HAR that cannot be written does not hide the error.
        await writeHar(kept.path, kept.recorder.document()).then(
          (f) => files.push(f),
          () => {},
        );
      }
      // On stdout, where the reports line of every run goes: stderr keeps its one line of explanation.
      if (files.length > 0) cli.stdout.write(`Reports (${report.verdict}): ${files.join(", ")}\n`);
      writeGithubOutputs(report, cli.env, streamsOf(cli));
      if (!signal) throw error;
      cli.stderr.write(`cbcheck: ${escapeControls(message, true)} [${code}]\n`);
      cli.exitCode = exitCodeOf(report.verdict, signal);
      return;
    }
    const signal = spec.signalEnds ? undefined : watch.received();
    const report = signal ? markInterrupted(result.report, signal) : result.report;
    cli.hideInOutput(result.secrets);
    // The result comes redacted from its command (sealResult); the files and the summary show it as it is.
    const files = await writeAll(cli, spec, dir, report, result.sections);
    if (result.har) files.push(await writeHar(result.har.path, result.har.document));
    // The summary and the GitHub outputs quote received values: they show the same bounded report the files
    // hold, on a terminal.
    const bounded = boundReport(report);
    cli.stdout.write(escapeControls(spec.summary(bounded, files)));
    writeGithubOutputs(bounded, cli.env, streamsOf(cli));
    if (report.verdict === "incomplete" || report.verdict === "error") {
      throw new HarnessError("CB_STOPPED", report.reason ?? verdictLabel(report.verdict));
    }
    if (report.verdict === "interrupted")
      cli.stderr.write(`cbcheck: ${escapeControls(report.reason ?? "", true)}\n`);
    cli.exitCode = report.verdict === "pass" ? EXIT.pass : exitCodeOf(report.verdict, signal);
  } finally {
    watch.dispose();
  }
}
