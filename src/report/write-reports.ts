/**
 * Writes every report file (junit.xml, report.json, report.md, report.html) into one directory. The report
 * comes redacted from its command (src/report/seal-result.ts): the files write what they are given.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { HarnessError } from "../errors.js";
import { boundReport } from "./bound.js";
import type { HtmlSection, Report } from "./model.js";
import { prepareReportDir } from "./prepare-report-dir.js";
import { REPORTER_NAMES, type ReporterName } from "./report-formats.js";
import { REPORTERS } from "./reporters.js";

/** Options of `writeReports`; all optional. */
export interface WriteReportsOptions {
  /** Which reporters to run; default all. */
  reporters?: readonly ReporterName[];
}

/**
 * Creates `dir` and writes the reports; returns the absolute paths written.
 * Throws HarnessError `CB_OUTPUT_UNWRITABLE` when the directory cannot be created or written.
 */
export async function writeReports(
  dir: string,
  report: Report,
  sections: readonly HtmlSection[] = [],
  options: WriteReportsOptions = {},
): Promise<string[]> {
  const bounded = boundReport(report);
  const names = options.reporters ?? REPORTER_NAMES;
  const root = await prepareReportDir(dir);
  const written: string[] = [];
  try {
    for (const name of names) {
      const reporter = REPORTERS[name];
      const path = join(root, reporter.fileName);
      await writeFile(path, reporter.render(bounded, sections), "utf8");
      written.push(path);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new HarnessError("CB_OUTPUT_UNWRITABLE", `cannot write reports to ${root}: ${reason}`, {
      cause: error,
    });
  }
  return written;
}
