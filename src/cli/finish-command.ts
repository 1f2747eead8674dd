/**
 * The end every report-producing command shares: write the four reports (keys redacted), print the summary,
 * set the exit code — 0 pass, 1 a violation, 2 (`CB_STOPPED`) stopped before any verdict.
 */
import { EXIT, HarnessError } from "../errors.js";
import type { CommandResult, Report } from "../report/model.js";
import { writeHar } from "../report/write-har.js";
import { writeReports } from "../report/write-reports.js";

/** Renders the end-of-run text of a command from its report and the files written. */
export type SummaryText = (report: Report, files: readonly string[]) => string;

/** Writes `result`'s reports into `reportDir`, prints `summary` on stdout and sets the exit code. */
export async function finishCommand(
  result: CommandResult,
  reportDir: string,
  summary: SummaryText,
): Promise<void> {
  const files = await writeReports(reportDir, result.report, result.sections, { secrets: result.secrets });
  if (result.har) files.push(await writeHar(result.har.path, result.har.document, result.secrets));
  process.stdout.write(summary(result.report, files));
  if (result.report.verdict === "fail") {
    process.exitCode = EXIT.violation;
    return;
  }
  if (result.stopped !== undefined) throw new HarnessError("CB_STOPPED", result.stopped);
  process.exitCode = EXIT.pass;
}
