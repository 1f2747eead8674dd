/** Writes a HAR document (recorded redacted: src/report/har.ts). */
import { writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { HarnessError } from "../errors.js";
import type { HarDocument } from "./har.js";
import { prepareReportDir } from "./prepare-report-dir.js";

/** Writes `document` to `path`; returns the absolute path. Throws `CB_OUTPUT_UNWRITABLE` when it cannot. */
export async function writeHar(path: string, document: HarDocument): Promise<string> {
  const file = resolve(path);
  try {
    // Not a recursive mkdir: it never returns under /proc.
    await prepareReportDir(dirname(file));
    await writeFile(file, `${JSON.stringify(document, null, 2)}\n`, "utf8");
  } catch (err) {
    if (err instanceof HarnessError) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    throw new HarnessError("CB_OUTPUT_UNWRITABLE", `cannot write the HAR file ${file}: ${reason}`);
  }
  return file;
}
