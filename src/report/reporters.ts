/** Every reporter by name (vitest-style map); `writeReports` writes them all, or those `--formats` names. */

import { HarnessError } from "../errors.js";
import { htmlReporter } from "./html.js";
import { jsonReporter } from "./json.js";
import { junitReporter } from "./junit.js";
import { markdownReporter } from "./markdown.js";
import type { Reporter } from "./reporter.js";

/** Reporter names as used in docs and options. */
export type ReporterName = "junit" | "json" | "markdown" | "html";

/** Name → reporter. */
export const REPORTERS: Record<ReporterName, Reporter> = {
  junit: junitReporter,
  json: jsonReporter,
  markdown: markdownReporter,
  html: htmlReporter,
};

/** What `--formats` accepts for each reporter (`md` is short for `markdown`). */
const FORMAT_NAMES: Record<string, ReporterName> = {
  junit: "junit",
  json: "json",
  markdown: "markdown",
  md: "markdown",
  html: "html",
};

/**
 * Parses `--formats junit,json` (repeatable: added to `previous`), in the order of `REPORTERS`; throws
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
  return (Object.keys(REPORTERS) as ReporterName[]).filter((n) => chosen.has(n));
}
