/**
 * Writes every report file (junit.xml, report.json, report.md, report.html) into one directory.
 * Secrets are redacted from every file as a last line of defence (Authentication 6).
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { HarnessError } from "../errors.js";
import { boundReport } from "./bound.js";
import type { HtmlSection, Report } from "./model.js";
import { prepareReportDir } from "./prepare-report-dir.js";
import { redactSecrets, redactValue, secretVariants } from "./redact.js";
import { REPORTERS, type ReporterName } from "./reporters.js";

/** Options of `writeReports`; all optional. */
export interface WriteReportsOptions {
  /** Strings (API keys) that must never appear in a written file. */
  secrets?: readonly string[];
  /** Which reporters to run; default all. */
  reporters?: readonly ReporterName[];
}

/** The report as every output shows it: keys redacted (in every encoding) first, then values shortened. */
export function safeReport(report: Report, secrets: readonly string[]): Report {
  // Redact before bounding: a cut must never leave the head of a key behind.
  return boundReport(redactValue(report, secrets));
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
  const secrets = secretVariants(options.secrets ?? []);
  // Redacted twice: in the model, before truncation can split a key or escaping disguise it, and in each file.
  const bounded = safeReport(report, options.secrets ?? []);
  const names = options.reporters ?? (Object.keys(REPORTERS) as ReporterName[]);
  const root = await prepareReportDir(dir);
  const written: string[] = [];
  try {
    for (const name of names) {
      const reporter = REPORTERS[name];
      const path = join(root, reporter.fileName);
      await writeFile(path, redactSecrets(reporter.render(bounded, sections), secrets), "utf8");
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
