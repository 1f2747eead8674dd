/**
 * One HTTP call of the reference client (undici only): sends, reads the body, turns error statuses into
 * `CbApiError`. No retries here; `cb-client.ts` decides what to do with each outcome.
 */
import { type Dispatcher, request } from "undici";
import { CbApiError, CbTransportError } from "./errors.js";
import { parseRetryAfterSeconds } from "./pacing.js";

/** A request the client is about to send; the body is already serialised so a retry sends the same bytes. */
export interface HttpCall {
  method: "GET" | "POST";
  /** Path relative to the base URL, starting with `/`. */
  path: string;
  query?: Record<string, string>;
  body?: string;
}

/** Connection settings for `sendCall`. The key lives only here and in the Authorization header. */
export interface HttpSettings {
  baseUrl: string;
  apiKey: string;
  dispatcher?: Dispatcher;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Sends one call and returns the parsed JSON of a 2xx answer; throws `CbApiError` or `CbTransportError`. */
export async function sendCall(settings: HttpSettings, call: HttpCall): Promise<unknown> {
  const url = new URL(settings.baseUrl.replace(/\/+$/, "") + call.path);
  for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = {
    authorization: `Bearer ${settings.apiKey}`,
    accept: "application/json",
  };
  if (call.body !== undefined) headers["content-type"] = "application/json";
  let response: Dispatcher.ResponseData;
  try {
    response = await request(url, {
      method: call.method,
      headers,
      body: call.body,
      dispatcher: settings.dispatcher,
      headersTimeout: settings.timeoutMs,
      bodyTimeout: settings.timeoutMs,
      signal: settings.signal,
    });
  } catch (err) {
    throw toTransportError(err);
  }
  const text = await response.body.text();
  const json = parseJson(text);
  if (response.statusCode >= 200 && response.statusCode < 300) {
    if (json === undefined) throw new CbTransportError("CB_BAD_JSON", `response to ${call.path} is not JSON`);
    return json;
  }
  throw toApiError(response.statusCode, response.headers, json);
}

function toApiError(status: number, headers: Dispatcher.ResponseData["headers"], json: unknown): CbApiError {
  const retryHeader = headers["retry-after"];
  const retryAfter = parseRetryAfterSeconds(Array.isArray(retryHeader) ? retryHeader[0] : retryHeader);
  const error = (json as { error?: Record<string, unknown> } | undefined)?.error ?? {};
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return new CbApiError({
    status,
    code: text(error.code) ?? "unknown",
    retryAfter,
    requiredTier: text(error.required_tier),
    upgradeUrl: text(error.upgrade_url),
  });
}

function toTransportError(err: unknown): CbTransportError {
  const code = (err as { code?: unknown }).code;
  const message = err instanceof Error ? err.message : String(err);
  return new CbTransportError(typeof code === "string" ? code : "CB_TRANSPORT", message, { cause: err });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
