/**
 * Test-only: sends a `PlannedRequest` to a running server and records an `Exchange`, so the checks can
 * judge the reference server (self-conformance). Keys never enter the record.
 */

import type { Exchange } from "../../transport/exchange.js";
import { requestUrl } from "../../transport/send.js";
import type { PlannedRequest } from "../../vocabulary/planned-request.js";
import type { RunningServer } from "../types.js";

/** Sends one planned request and records it. */
export async function sendPlanned(server: RunningServer, planned: PlannedRequest): Promise<Exchange> {
  const baseUrl = planned.base === "alt" ? server.altUrl : server.url;
  const query = planned.query ?? {};
  const { path, repeated, rawQuery } = planned;
  // The URL as the transport writes it (a repeated parameter twice, a raw query string as it is).
  const url = requestUrl({
    baseUrl,
    path,
    query,
    ...(repeated ? { repeated } : {}),
    ...(rawQuery !== undefined ? { rawQuery } : {}),
  });
  const headers: Record<string, string> = { ...planned.headers };
  const key = planned.key ?? "main";
  if (key === "main") headers.authorization = `Bearer ${server.keys.plus}`;
  if (key === "free") headers.authorization = `Bearer ${server.keys.free}`;
  if (key === "invalid") headers.authorization = "Bearer cbk_plus_0000000000000000";
  let body: string | Buffer | undefined;
  if (planned.body && "json" in planned.body) {
    body = JSON.stringify(planned.body.json);
    headers["content-type"] ??= "application/json";
  } else if (planned.body) {
    body = planned.body.raw;
    headers["content-type"] ??= planned.body.contentType ?? "application/json";
  }
  const t0 = performance.now();
  const res = await fetch(url, {
    method: planned.method,
    headers,
    body,
  });
  const bodyText = await res.text();
  const durationMs = performance.now() - t0;
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    json = undefined;
  }
  const recorded = { ...headers };
  if (recorded.authorization) recorded.authorization = "Bearer <redacted>";
  return {
    operation: planned.operation,
    request: {
      method: planned.method,
      baseUrl,
      path: planned.path,
      query,
      ...(repeated ? { repeated } : {}),
      ...(rawQuery !== undefined ? { rawQuery } : {}),
      headers: recorded,
      ...(typeof body === "string" ? { body } : body ? { body: body.toString("utf8") } : {}),
    },
    response: {
      status: res.status,
      headers: Object.fromEntries(res.headers),
      bodyText,
      ...(json !== undefined ? { json } : { bodyError: "not JSON" }),
      durationMs,
    },
  };
}
