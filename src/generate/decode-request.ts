/**
 * Decodes a planned request into the value its request schema describes (`resolve-request`,
 * `entity-get-request`, `batch-request`): JSON-encoded query parameters parsed, `limit` read as a number,
 * the path id percent-decoded. Used to prove generated requests sit inside (or just outside) the bounds.
 */
import type { PlannedRequest } from "../vocabulary/planned-request.js";

/** Request schema names in schemas/. */
export type RequestSchemaName = "resolve-request" | "entity-get-request" | "batch-request";

/** The decoded request, or why it cannot be decoded (malformed JSON is itself out of contract). */
export type DecodedRequest =
  | { schema: RequestSchemaName; value: unknown }
  | { schema: RequestSchemaName; error: string }
  | { schema: null };

const JSON_PARAMS = new Set(["types", "include", "extend", "cursor"]);

function decodeParam(name: string, text: string): unknown {
  if (JSON_PARAMS.has(name)) return JSON.parse(text);
  if (name === "limit") {
    const n = Number(text);
    // Non-numeric text stays a string, so the schema's integer type rejects it.
    return text.trim() !== "" && Number.isFinite(n) ? n : text;
  }
  return text;
}

function decodeQuery(query: Record<string, string> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(query ?? {})) out[name] = decodeParam(name, text);
  return out;
}

function attempt(schema: RequestSchemaName, decode: () => unknown): DecodedRequest {
  try {
    return { schema, value: decode() };
  } catch (error) {
    return { schema, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Decodes resolve, entity-get and entity-batch requests; other operations have no request schema. */
export function decodeRequest(request: PlannedRequest): DecodedRequest {
  switch (request.operation) {
    case "resolve":
      return attempt("resolve-request", () => decodeQuery(request.query));
    case "entity-get":
      return attempt("entity-get-request", () => ({
        id: decodeURIComponent(request.path.replace(/^\/entities\//, "")),
        ...decodeQuery(request.query),
      }));
    case "entity-batch":
      return attempt("batch-request", () => {
        const body = request.body;
        if (body === undefined) return undefined;
        if ("json" in body) return body.json;
        return JSON.parse(typeof body.raw === "string" ? body.raw : body.raw.toString("utf8"));
      });
    default:
      return { schema: null };
  }
}
