/**
 * Resolves a schema location `<file>.schema.json#<pointer>` against the schemas/ directory, so the rules
 * table never points at a file or a place that does not exist.
 */
import { readFileSync } from "node:fs";
import { valueAt } from "../../src/checks/support/pointer.js";

const SCHEMAS = new URL("../../schemas/", import.meta.url);

/** Why a schema location does not resolve, or undefined when it does. */
export function schemaRefProblem(ref: string): string | undefined {
  const [file, pointer = ""] = ref.split("#");
  if (!/^[a-z0-9-]+\.schema\.json$/.test(file)) return `${ref}: not a schemas/<name>.schema.json file name`;
  let schema: unknown;
  try {
    schema = JSON.parse(readFileSync(new URL(file, SCHEMAS), "utf8"));
  } catch {
    return `${ref}: schemas/${file} does not exist or is not JSON`;
  }
  return valueAt(schema, pointer) === undefined
    ? `${ref}: pointer ${pointer} not found in ${file}`
    : undefined;
}
