/**
 * A copy-pasteable curl line that repeats a request. The API key never appears (Authentication 6:
 * keys never in logs): the line reads it from the environment variable it came from
 * (`-H "Authorization: Bearer $CB_API_KEY"`), or shows `Bearer <redacted>` when that is not known.
 */
import type { RecordedRequest } from "../transport/exchange.js";
import { requestUrl } from "../transport/send.js";

/** What `toCurl` needs of a request (a `Counterexample.request` or a recorded request). */
export interface CurlRequest {
  method: string;
  /** Absolute URL, already percent-encoded. */
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A recorded request as a counterexample shows it and `toCurl` repeats it: method, absolute URL, headers, body. */
export function curlRequestOf(request: RecordedRequest): CurlRequest {
  return {
    method: request.method,
    url: requestUrl(request),
    headers: request.headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
  };
}

/** Bodies longer than this are cut in the curl line (a 10 MB oversize body is not copy-pasteable). */
export const CURL_BODY_LIMIT = 4096;

/** Quotes a value for POSIX shells: single quotes, with embedded single quotes closed and escaped. */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** `Bearer $NAME`: a recorded authorization that names the environment variable holding the key. */
const FROM_ENV = /^Bearer \$([A-Z_][A-Z0-9_]*)$/;

/**
 * Builds `curl -X METHOD 'url' -H … --data-binary …`; `authorization` becomes `"Authorization: Bearer $NAME"`
 * (double-quoted, so the shell reads the key from the environment) or `Bearer <redacted>`.
 */
export function toCurl(request: CurlRequest): string {
  const parts = ["curl", "-X", shellQuote(request.method.toUpperCase()), shellQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    const lower = name.toLowerCase();
    // Transport-managed headers would make the line lie about length or fail on replay.
    if (lower === "content-length" || lower === "host" || lower === "connection") continue;
    if (lower === "authorization") {
      const env = FROM_ENV.exec(value)?.[1];
      parts.push(
        "-H",
        env ? `"Authorization: Bearer $${env}"` : shellQuote("Authorization: Bearer <redacted>"),
      );
      continue;
    }
    parts.push("-H", shellQuote(`${name}: ${value}`));
  }
  if (request.body !== undefined) {
    const { body } = request;
    if (body.length > CURL_BODY_LIMIT) {
      const note = `# body truncated: ${body.length} characters, first ${CURL_BODY_LIMIT} shown`;
      parts.push("--data-binary", shellQuote(body.slice(0, CURL_BODY_LIMIT)), note);
    } else {
      parts.push("--data-binary", shellQuote(body));
    }
  }
  return parts.join(" ");
}
