/**
 * Lists the places of every constraint keyword in a schema document as `<file>#<pointer>/<keyword>`,
 * the same form as `SchemaViolation.schemaPath`, so tests can prove each rule has a failing fixture.
 */
import { PREFERRED } from "../preferred-view.js";
import type { JsonSchema } from "../schema-files.js";

/** Keywords that reject values (annotations and applicators are left out). */
export const CONSTRAINT_KEYWORDS = [
  "type",
  "const",
  "enum",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "uniqueItems",
  "required",
  "propertyNames",
  "discriminator",
] as const;

/**
 * Keys whose value is data, not a sub-schema; and our preferences (preferred-view.ts), which are no contract
 * rule: the generator's tests hold them to the open values that break them.
 */
const DATA_KEYS = new Set(["enum", "const", "required", "default", "examples", "discriminator", PREFERRED]);

/** Every constraint place in `schema` (file name without `.schema.json`). */
export function constraintPlaces(name: string, schema: JsonSchema): string[] {
  const out: string[] = [];
  walk(schema, `${name}.schema.json#`, out);
  return out;
}

function walk(value: unknown, path: string, out: string[]): void {
  if (typeof value !== "object" || value === null) return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      walk(item, `${path}/${i}`, out);
    });
    return;
  }
  const node = value as Record<string, unknown>;
  // Inside `properties` and `$defs` the keys are names, not keywords.
  if (!/\/(properties|\$defs)$/.test(path)) {
    for (const keyword of CONSTRAINT_KEYWORDS) if (keyword in node) out.push(`${path}/${keyword}`);
    if (node.additionalProperties === false) out.push(`${path}/additionalProperties`);
  }
  for (const [key, inner] of Object.entries(node)) {
    // An `if` only chooses whether its `then` applies: failing it makes no instance invalid.
    if (key === "if") continue;
    if (!DATA_KEYS.has(key)) walk(inner, `${path}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, out);
  }
}
