/**
 * `x-cbcheck-preferred`: the request schemas' own keyword for what our generator prefers within what the
 * contract states (docs/schemas.md). The standard keywords of a request schema are the contract's rules; the
 * sub-schema under `x-cbcheck-preferred` narrows them to the values cbcheck sends as *valid*. A value that
 * breaks a stated keyword is invalid (400); one that keeps every stated keyword but breaks a preferred one is
 * *open*: the contract neither allows nor forbids it. The stated validators ignore the keyword (an
 * annotation); the preferred view below folds it in as an `allOf` branch, so ajv decides both.
 */
import type { JsonSchema } from "./schema-files.js";

/** The keyword's name. */
export const PREFERRED = "x-cbcheck-preferred";

/** The `$id` of a schema's preferred view, beside its own (relative references resolve alike). */
export function preferredId(id: string): string {
  return id.replace(/\.schema\.json$/, ".preferred.schema.json");
}

/** Whether the keyword appears anywhere in a schema document. */
export function hasPreferred(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (!Array.isArray(value) && PREFERRED in value) return true;
  return Object.values(value).some(hasPreferred);
}

/**
 * The preferred view of a document: every object that holds the keyword becomes a copy with it moved into
 * `allOf`. Objects without it anywhere below are kept as they are (and the preferred sub-schemas themselves),
 * so a violation still names the file and place of its rule (schema-locations.ts).
 */
export function preferredView(schema: JsonSchema, id: string): JsonSchema {
  return { ...(fold(schema) as JsonSchema), $id: preferredId(id) };
}

function fold(value: unknown): unknown {
  if (!hasPreferred(value)) return value;
  if (Array.isArray(value)) return value.map(fold);
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (key !== PREFERRED) out[key] = fold(inner);
  }
  const preferred = (value as Record<string, unknown>)[PREFERRED];
  if (preferred !== undefined) out.allOf = [...((out.allOf as unknown[]) ?? []), preferred];
  return out;
}
