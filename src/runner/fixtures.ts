/**
 * Target fixtures: read from `--fixtures FILE` (validated against schemas/fixtures.schema.json; unknown
 * fields ignored), taken from the embedded server, or discovered through `/resolve`.
 */
import { validateAs } from "../contract/registry.js";
import { HarnessError } from "../errors.js";
import { FILE_LIMITS, readCappedFile } from "../read-capped-file.js";
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
  const text = await readCappedFile(path, FILE_LIMITS.fixtures, "fixtures file");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new HarnessError("CB_INPUT_NOT_JSON", `fixtures file ${path} is not JSON: ${reason}`);
  }
  return checkFixtures(value, `fixtures file ${path}`);
}
