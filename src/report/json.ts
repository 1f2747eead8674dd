/** `report.json`: the report model as is (schemas/report.schema.json), pretty-printed. */
import type { Reporter } from "./reporter.js";

/** Renders `report.json`. */
export const jsonReporter: Reporter = {
  fileName: "report.json",
  render(report) {
    return `${JSON.stringify(report, null, 2)}\n`;
  },
};
