/**
 * Readers for the parts of a recorded response the checks judge. A transport failure (no response)
 * is never judged by content checks: every reader returns undefined for it.
 */
import type { Exchange, OperationId } from "../../transport/exchange.js";
import { isObject, type JsonObject, objectAt } from "./json.js";

const DATA_OPERATIONS = new Set<OperationId>(["resolve", "entity-get", "entity-batch"]);

/** Whether the operation is an entity read (GET /entities/{id} or POST /entities/batch). */
export function isEntityRead(exchange: Exchange): boolean {
  return exchange.operation === "entity-get" || exchange.operation === "entity-batch";
}

/** Whether the operation returns the response envelope (resolve and entity reads). */
export function isDataOperation(exchange: Exchange): boolean {
  return DATA_OPERATIONS.has(exchange.operation);
}

/** The parsed 200 envelope of a data operation, when the body is a JSON object. */
export function okEnvelope(exchange: Exchange): JsonObject | undefined {
  const r = exchange.response;
  if (r?.status !== 200 || !isDataOperation(exchange)) return undefined;
  return isObject(r.json) ? r.json : undefined;
}

/** `data` of a 200 entity read, when it is an object. */
export function entityData(exchange: Exchange): JsonObject | undefined {
  if (!isEntityRead(exchange)) return undefined;
  return objectAt(okEnvelope(exchange), "data");
}

/** `data.extensions` of a 200 entity read, when present as an object. */
export function extensions(exchange: Exchange): JsonObject | undefined {
  return objectAt(entityData(exchange), "extensions");
}

/** The parsed `error` object of an error response (status >= 400), when there is one. */
export function errorObject(exchange: Exchange): JsonObject | undefined {
  const r = exchange.response;
  if (!r || r.status < 400) return undefined;
  return objectAt(r.json, "error");
}

/** A response header by lower-case name. */
export function header(exchange: Exchange, name: string): string | undefined {
  return exchange.response?.headers[name.toLowerCase()];
}

/** The 9-digit organisation number of an organisation node id `cb:org:<org_nr>`, if it is one. */
export function orgNrOf(id: string): string | undefined {
  const m = /^cb:org:(\d{9})$/.exec(id);
  return m ? m[1] : undefined;
}

/** The `<type>` segment of a node id `cb:<type>:<key>`, if the id has that form. */
export function typeOfId(id: string): string | undefined {
  const m = /^cb:([^:]+):./.exec(id);
  return m ? m[1] : undefined;
}
