/**
 * Responses of the OpenAPI export: one reusable response per error status of the Errors table (body per
 * error.schema.json), the headers the contract names on 401 and 429, and each operation's 200.
 */
import { ERROR_STATUSES, type ErrorStatus } from "../contract/error-statuses.js";
import type { Json, SchemaComponents } from "./components.js";
import type { ContractOperation } from "./operations.js";

const JSON_TYPE = "application/json";

/** Headers the contract requires on some error statuses. */
export const ERROR_HEADERS: Record<string, Json> = {
  // Authentication 3.
  "WWW-Authenticate": {
    description: "A bearer resource-metadata challenge (Authentication 3).",
    required: true,
    schema: { type: "string" },
  },
  // Errors: 429. The reading recorded in docs/contract-rules.md (#166): whole seconds >= 1.
  "Retry-After": {
    description: "Seconds to wait before continuing (Errors: 429); whole seconds >= 1.",
    required: true,
    schema: { type: "integer", minimum: 1 },
  },
};

const HEADERS_BY_STATUS: Record<number, string> = { 401: "WWW-Authenticate", 429: "Retry-After" };

function describe(row: ErrorStatus): string {
  const codes = row.knownCodes.length ? row.knownCodes.map((c) => `\`${c}\``).join(", ") : "not stated";
  const action = row.clientAction ? ` Client action: ${row.clientAction}.` : "";
  return `${row.meaning}. Known code(s): ${codes}.${action}`;
}

/** `components/responses`: `Error400` … `Error503`, each with the error body and its headers. */
export function errorResponses(components: SchemaComponents): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const row of ERROR_STATUSES) {
    const response: { [key: string]: Json } = {
      description: describe(row),
      content: { [JSON_TYPE]: { schema: { $ref: components.refTo("error") } } },
    };
    const header = HEADERS_BY_STATUS[row.status];
    if (header) response.headers = { [header]: { $ref: `#/components/headers/${header}` } };
    out[`Error${row.status}`] = response;
  }
  return out;
}

/** The `responses` of one operation: its 200 and every error status of the Errors table. */
export function responsesOf(operation: ContractOperation, components: SchemaComponents): Json {
  const refs = (operation.response ?? []).map((file) => ({ $ref: components.refTo(file) }));
  // "Responses are JSON" (Endpoints) holds for every operation; the shape only where the contract shows it.
  const schema: Json = refs.length === 0 ? {} : refs.length === 1 ? refs[0] : { anyOf: refs };
  const out: { [key: string]: Json } = {
    "200": { description: operation.responseDescription, content: { [JSON_TYPE]: { schema } } },
  };
  for (const row of ERROR_STATUSES) {
    out[String(row.status)] = { $ref: `#/components/responses/Error${row.status}` };
  }
  return out;
}
