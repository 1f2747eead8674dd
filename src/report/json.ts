/** `report.json`: the report model as is (schemas/report.schema.json), pretty-printed, with its schema and format. */
import type { Reporter } from "./reporter.js";

/** The `$id` of schemas/report.schema.json, which ships in the package. */
export const REPORT_SCHEMA_URI = "https://cbcheck.dev/schemas/report.schema.json";

/**
 * The version of the report format: raised when a field is removed or changes meaning (added optional
 * fields keep it), so that tools reading report.json can refuse a format they do not know.
 */
// 2: `sent` rows are the input space (keyword, value, class valid/invalid/open, answers); `class` was the value class.
export const REPORT_FORMAT_VERSION = 2;

/** Renders `report.json`. */
export const jsonReporter: Reporter = {
  fileName: "report.json",
  render(report) {
    const { $schema: _s, formatVersion: _f, ...rest } = report;
    const document = { $schema: REPORT_SCHEMA_URI, formatVersion: REPORT_FORMAT_VERSION, ...rest };
    return `${JSON.stringify(document, null, 2)}\n`;
  },
};
