/**
 * The operations whose requests the contract describes (Endpoints: GET /resolve, GET /entities/{id},
 * POST /entities/batch), where each parameter travels, and how it is written there: a path segment
 * (percent-encoded), a query parameter as text, as a decimal number, or as a JSON text ("Parameters marked
 * JSON-encoded are sent in the query string as a JSON text"), or a property of the JSON body.
 */
import type { CanonicalSchema } from "./canonical-schema.js";

/** One operation with a request schema. */
export interface RequestOperation {
  id: "resolve" | "entity-get" | "entity-batch";
  method: "GET" | "POST";
  /** Path template relative to the base URL; `{name}` is a path parameter. */
  path: string;
  /** The schema of the decoded request (schemas/<name>.schema.json). */
  schema: "resolve-request" | "entity-get-request" | "batch-request";
  /** Where the parameters other than path ones travel. */
  carrier: "query" | "body";
}

/** Every operation with a request schema, in the contract's order. */
export const REQUEST_OPERATIONS: readonly RequestOperation[] = Object.freeze([
  { id: "resolve", method: "GET", path: "/resolve", schema: "resolve-request", carrier: "query" },
  { id: "entity-get", method: "GET", path: "/entities/{id}", schema: "entity-get-request", carrier: "query" },
  { id: "entity-batch", method: "POST", path: "/entities/batch", schema: "batch-request", carrier: "body" },
]);

/** The operation of an id, or undefined for one without a request schema. */
export function requestOperation(id: string): RequestOperation | undefined {
  return REQUEST_OPERATIONS.find((op) => op.id === id);
}

/** How one parameter is written on the wire. */
export type WireForm = "path" | "body" | "json" | "integer" | "number" | "text";

/**
 * Whether a parameter of this schema is JSON-encoded in the query string: the contract's JSON-encoded
 * parameters (`types`, `include`, `extend`, `cursor`) are exactly those whose value may be an array.
 */
export function isJsonEncoded(schema: { type?: unknown; types?: unknown }): boolean {
  const type = schema.types ?? schema.type;
  return type === "array" || (Array.isArray(type) && type.includes("array"));
}

/** The wire form of parameter `name` of `op`. */
export function wireFormOf(op: RequestOperation, name: string, schema: CanonicalSchema): WireForm {
  if (op.path.includes(`{${name}}`)) return "path";
  if (op.carrier === "body") return "body";
  if (isJsonEncoded(schema)) return "json";
  if (schema.types?.length === 1 && schema.types[0] === "integer") return "integer";
  if (schema.types?.length === 1 && schema.types[0] === "number") return "number";
  return "text";
}
