/**
 * The report model shared by `run`, `load` and `certify-client`: one flat, serialisable result object
 * (written as report.json). Its types are generated from schemas/report.schema.json, so the schema and the
 * code cannot drift apart.
 */

import type { CbcheckReport, CheckResult, Counterexample } from "../contract/types.gen.js";
import type { HarDocument } from "./har.js";

/** The whole report of one command run (schemas/report.schema.json). */
export type Report = CbcheckReport;

/** One row of the report: a check (or rule) on an operation within a suite (or scenario). */
/** A minimal, reproducible instance of a failure. The API key is always shown as `<redacted>`. */
export type { CheckResult, Counterexample };

/** One row of a run's `sent` table: a request parameter, a class of its values and how many requests. */
export type SentValueRow = NonNullable<CbcheckReport["sent"]>[number];

/** A run's coverage section: rules with the exchanges they judged, the unexercised ones and why, values seen. */
export type RunCoverage = NonNullable<CbcheckReport["coverage"]>;

/** One rule of the coverage section. */
export type CoverageRule = RunCoverage["rules"][number];

/** Outcome of one check (or rule) on one operation. `warn` never fails a run. */
export type ResultStatus = CheckResult["status"];

/** A command-specific block of the HTML report (e.g. a latency plot), already rendered and self-contained. */
export interface HtmlSection {
  title: string;
  /** Trusted HTML (inline SVG allowed; no external resources). */
  html: string;
}

/**
 * What every report-producing command (`run`, `load`, `certify-client`, `compare`, `proxy`) returns, redacted
 * with its keys (`sealResult`): the library writes and prints nothing; the CLI writes the reports, prints the
 * summary and sets the exit code.
 */
export interface CommandResult {
  report: Report;
  /** Command-specific blocks of report.html (latency plots, scenario tables). */
  sections: HtmlSection[];
  /** The API keys the command sent (already redacted from the rest): the CLI's console hides them too. */
  secrets: string[];
  /** Why the command stopped before every verdict (a deadline, a call cap); absent when it ran to the end. */
  stopped?: string;
  /** The exchanges as HAR, and where to write them (`--har`). */
  har?: { path: string; document: HarDocument };
}
