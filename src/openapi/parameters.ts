/**
 * Parameter Objects of one operation, read from the schema of its decoded parameters (e.g.
 * resolve-request.schema.json), so their bounds are the schema's own. Endpoints: "Parameters marked
 * JSON-encoded are sent in the query string as a JSON text" — those are declared as `content:
 * application/json` parameters.
 */
import { isJsonEncoded } from "../contract/request-operations.js";
import type { Json } from "./components.js";

type SchemaObject = { [key: string]: Json };

/** The parameters declared by `requestSchema` (its properties); those named in `path` as `{name}` are path parameters. */
export function parametersOf(path: string, requestSchema: Json): Json[] {
  const schema = requestSchema as SchemaObject;
  const properties = (schema.properties ?? {}) as Record<string, SchemaObject>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const inPath = path.includes(`{${name}}`);
    const parameter: SchemaObject = {
      name,
      in: inPath ? "path" : "query",
      required: inPath || required.has(name),
    };
    if (typeof property.description === "string") parameter.description = property.description;
    const value = structuredClone(property);
    if (isJsonEncoded(property)) {
      parameter.description = `JSON-encoded. ${parameter.description ?? ""}`.trim();
      parameter.content = { "application/json": { schema: value } };
    } else parameter.schema = value;
    return parameter;
  });
}
