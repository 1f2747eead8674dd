/** Writes a HAR document, with every secret (and any bearer credential) redacted from its text. */
import { writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { HarnessError } from "../errors.js";
import type { HarDocument } from "./har.js";
import { prepareReportDir } from "./prepare-report-dir.js";
import { redactSecrets, redactValue, secretVariants } from "./redact.js";

/** Writes `document` to `path`; returns the absolute path. Throws `CB_OUTPUT_UNWRITABLE` when it cannot. */
export async function writeHar(
  path: string,
  document: HarDocument,
  secrets: readonly string[],
): Promise<string> {
  const file = resolve(path);
  try {
    // Not a recursive mkdir: it never returns under /proc.
    await prepareReportDir(dirname(file));
    // Values first (an echoed key in any encoding, a body capped mid-key), then the text as a last line.
    const text = `${JSON.stringify(redactValue(document, secrets), null, 2)}\n`;
    await writeFile(file, redactSecrets(text, secretVariants(secrets)), "utf8");
  } catch (err) {
    if (err instanceof HarnessError) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    throw new HarnessError("CB_OUTPUT_UNWRITABLE", `cannot write the HAR file ${file}: ${reason}`);
  }
  return file;
}
