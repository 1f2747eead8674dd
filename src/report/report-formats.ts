/**
 * The names of the report files a command writes and `--formats`, their parser: apart from the reporters
 * (reporters.ts), so that the flag tables do not load the writers.
 */
import { HarnessError } from "../errors.js";

/** Reporter names as used in docs and options. */
export type ReporterName = "junit" | "json" | "markdown" | "html";

/** Every reporter name, in the order the files are written and listed. */
export const REPORTER_NAMES: readonly ReporterName[] = ["junit", "json", "markdown", "html"];

/** What `--formats` accepts for each reporter (`md` is short for `markdown`). */
const FORMAT_NAMES: Record<string, ReporterName> = {
  junit: "junit",
  json: "json",
  markdown: "markdown",
  md: "markdown",
  html: "html",
};

/**
 * Parses `--formats junit,json` (repeatable: added to `previous`), in the order of `REPORTER_NAMES`; throws
 * `CB_USAGE` naming the choices on an unknown one.
 */
export function parseReportFormats(text: string, previous: readonly ReporterName[] = []): ReporterName[] {
  const chosen = new Set(previous);
  for (const word of text.split(",").map((w) => w.trim().toLowerCase())) {
    const name = FORMAT_NAMES[word];
    if (!name)
      throw new HarnessError(
        "CB_USAGE",
        `--formats: unknown format "${word}" (choose from junit, json, markdown, html)`,
      );
    chosen.add(name);
  }
  return REPORTER_NAMES.filter((n) => chosen.has(n));
}
