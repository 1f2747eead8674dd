/** A planned request as it goes on the wire: the JSON body serialised, the content type and accept set. */
import type { WireRequest } from "../transport/send.js";
import type { PlannedRequest } from "../vocabulary/planned-request.js";

/** `request` sent to `baseUrl` with `apiKey` (named by `keyEnv` in recorded exchanges and curl lines). */
export function toWireRequest(
  request: PlannedRequest,
  baseUrl: string,
  apiKey: string | undefined,
  keyEnv?: string,
): WireRequest {
  const headers: Record<string, string> = { accept: "application/json", ...(request.headers ?? {}) };
  let body: string | Buffer | undefined;
  if (request.body && "json" in request.body) {
    body = JSON.stringify(request.body.json);
    headers["content-type"] ??= "application/json";
  } else if (request.body) {
    body = request.body.raw;
    const type = request.body.contentType;
    if (type !== null) headers["content-type"] ??= type ?? "application/json";
  }
  return {
    operation: request.operation,
    method: request.method,
    baseUrl,
    path: request.path,
    ...(request.query ? { query: request.query } : {}),
    ...(request.repeated?.length ? { repeated: request.repeated } : {}),
    ...(request.rawQuery !== undefined ? { rawQuery: request.rawQuery } : {}),
    headers,
    ...(body !== undefined ? { body } : {}),
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(apiKey !== undefined && keyEnv ? { keyEnv } : {}),
  };
}
