/** Reads a report.json written by cbcheck (capped, parsed, checked against the report schema). */
import { validateAs } from "../contract/registry.js";
import { HarnessError } from "../errors.js";
import { FILE_LIMITS, readCappedFile } from "../read-capped-file.js";
import type { Report } from "../report/model.js";

/** The report at `path`; a usage-level HarnessError when it is unreadable, not JSON, or not a report. */
export async function readRunReport(path: string, what: string): Promise<Report> {
  const text = await readCappedFile(path, FILE_LIMITS.report, what);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HarnessError("CB_INPUT_NOT_JSON", `${path} is not JSON`);
  }
  const violations = validateAs("report", value);
  if (violations.length > 0) {
    const first = violations[0];
    throw new HarnessError(
      "CB_INPUT_INVALID",
      `${path} is not a cbcheck report (${first.pointer || "/"}: ${first.message})`,
    );
  }
  return value as Report;
}
