/** Writes a HAR document, with every secret (and any bearer credential) redacted from its text. */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { HarnessError } from "../errors.js";
import type { HarDocument } from "./har.js";
import { redactSecrets, secretVariants } from "./redact.js";

/** Writes `document` to `path`; returns the absolute path. Throws `CB_OUTPUT_UNWRITABLE` when it cannot. */
export async function writeHar(
  path: string,
  document: HarDocument,
  secrets: readonly string[],
): Promise<string> {
  const file = resolve(path);
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(
      file,
      redactSecrets(`${JSON.stringify(document, null, 2)}\n`, secretVariants(secrets)),
      "utf8",
    );
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new HarnessError("CB_OUTPUT_UNWRITABLE", `cannot write the HAR file ${file}: ${reason}`);
  }
  return file;
}
