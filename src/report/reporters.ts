/** Every reporter by name (vitest-style map); `writeReports` writes them all, or those `--formats` names. */

import { htmlReporter } from "./html.js";
import { jsonReporter } from "./json.js";
import { junitReporter } from "./junit.js";
import { markdownReporter } from "./markdown.js";
import type { ReporterName } from "./report-formats.js";
import type { Reporter } from "./reporter.js";

/** Name → reporter, in the order of `REPORTER_NAMES`. */
export const REPORTERS: Record<ReporterName, Reporter> = {
  junit: junitReporter,
  json: jsonReporter,
  markdown: markdownReporter,
  html: htmlReporter,
};
