/**
 * The node types of contract cb/v1 as node.schema.json lists them: one `$defs` entry per type, each
 * referenced from the root `oneOf` and naming its type as `properties.type.const` ("Node types on resolve …
 * Entity reads may also return …", Resources / Node). Read from the parsed document, so that the registry
 * (which must not import itself) and the vocabulary read the same list.
 */
import { HarnessError } from "../errors.js";
import type { JsonSchema } from "./schema-files.js";

/** The type names of node.schema.json, in its `oneOf` order. */
export function nodeTypesOf(nodeSchema: JsonSchema): string[] {
  const oneOf = nodeSchema.oneOf;
  const defs = nodeSchema.$defs as
    | Record<string, { properties?: { type?: { const?: unknown } } }>
    | undefined;
  if (!Array.isArray(oneOf) || !defs) {
    throw new HarnessError("CB_SCHEMA_INVALID", "schemas/node.schema.json has no oneOf of node $defs");
  }
  return oneOf.map((branch: { $ref?: unknown }) => {
    const ref = typeof branch.$ref === "string" ? branch.$ref : "";
    const type = defs[ref.slice(ref.lastIndexOf("/") + 1)]?.properties?.type?.const;
    if (typeof type !== "string") {
      throw new HarnessError("CB_SCHEMA_INVALID", `schemas/node.schema.json: ${ref} names no type const`);
    }
    return type;
  });
}
