/**
 * Target fixtures: read from `--fixtures FILE` (validated against schemas/fixtures.schema.json; unknown
 * fields ignored), taken from the embedded server, or discovered through `/resolve`.
 */
import { readFile } from "node:fs/promises";
import { validateAs } from "../contract/registry.js";
import { HarnessError } from "../errors.js";
import { normaliseFixtures, type TargetFixtures } from "../vocabulary/target-fixtures.js";

/** Validates a parsed fixtures value; throws HarnessError `CB_INPUT_INVALID` naming the first problems. */
export function checkFixtures(value: unknown, source: string): TargetFixtures {
  const violations = validateAs("fixtures", value);
  if (violations.length > 0) {
    const list = violations
      .slice(0, 3)
      .map((v) => `${v.pointer || "/"} ${v.message}`)
      .join("; ");
    throw new HarnessError("CB_INPUT_INVALID", `${source} is not valid fixtures: ${list}`);
  }
  return normaliseFixtures(value as TargetFixtures);
}

/** Reads and validates a fixtures file. */
export async function loadFixtures(path: string): Promise<TargetFixtures> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new HarnessError("CB_FILE_UNREADABLE", `cannot read fixtures file ${path}: ${reason}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new HarnessError("CB_INPUT_NOT_JSON", `fixtures file ${path} is not JSON: ${reason}`);
  }
  return checkFixtures(value, `fixtures file ${path}`);
}
