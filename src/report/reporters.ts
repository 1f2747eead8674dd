/** Every reporter by name (vitest-style map); `writeReports` writes them all. */
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
