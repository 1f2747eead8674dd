/**
 * Target fixtures: read from `--fixtures FILE` (validated against schemas/fixtures.schema.json; unknown
 * fields ignored), taken from the embedded server, or discovered through `/resolve`.
 */
import { readFile } from "node:fs/promises";
import { validateAs } from "../contract/registry.js";
import { HarnessError } from "../errors.js";
import type { TargetFixtures } from "./suite.js";

const ARRAYS = ["org_ids", "subunit_ids", "missing_ids", "influencer_ids", "resolve_queries"] as const;

/** Fills the optional arrays of fixtures and drops unknown fields. */
export function normaliseFixtures(value: Partial<TargetFixtures> & { known_ids: string[] }): TargetFixtures {
  const out: TargetFixtures = {
    known_ids: [...value.known_ids],
    org_ids: [],
    subunit_ids: [],
    missing_ids: [],
    influencer_ids: [],
    resolve_queries: [],
  };
  for (const name of ARRAYS) out[name] = [...(value[name] ?? [])];
  if (value.main_unit_with_many_subunits)
    out.main_unit_with_many_subunits = value.main_unit_with_many_subunits;
  return out;
}

/** Fixtures of a target about which nothing is known yet. */
export function emptyFixtures(): TargetFixtures {
  return normaliseFixtures({ known_ids: [] });
}

/** Validates a parsed fixtures value; throws HarnessError `CB_FIXTURES` naming the first problems. */
export function checkFixtures(value: unknown, source: string): TargetFixtures {
  const violations = validateAs("fixtures", value);
  if (violations.length > 0) {
    const list = violations
      .slice(0, 3)
      .map((v) => `${v.pointer || "/"} ${v.message}`)
      .join("; ");
    throw new HarnessError("CB_FIXTURES", `${source} is not valid fixtures: ${list}`);
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
    throw new HarnessError("CB_FIXTURES", `fixtures file ${path} is not JSON: ${reason}`);
  }
  return checkFixtures(value, `fixtures file ${path}`);
}
