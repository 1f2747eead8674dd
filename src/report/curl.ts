/**
 * A copy-pasteable curl line that repeats a request. The API key never appears (Authentication 6:
 * keys never in logs); the line shows `Bearer <redacted>` in its place.
 */

/** What `toCurl` needs of a request (a `Counterexample.request` or a recorded request). */
export interface CurlRequest {
  method: string;
  /** Absolute URL, already percent-encoded. */
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Bodies longer than this are cut in the curl line (a 10 MB oversize body is not copy-pasteable). */
export const CURL_BODY_LIMIT = 4096;

/** Quotes a value for POSIX shells: single quotes, with embedded single quotes closed and escaped. */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Builds `curl -X METHOD 'url' -H … --data-binary …`; `authorization` always becomes `Bearer <redacted>`. */
export function toCurl(request: CurlRequest): string {
  const parts = ["curl", "-X", shellQuote(request.method.toUpperCase()), shellQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    const lower = name.toLowerCase();
    // Transport-managed headers would make the line lie about length or fail on replay.
    if (lower === "content-length" || lower === "host" || lower === "connection") continue;
    const shown = lower === "authorization" ? "Authorization: Bearer <redacted>" : `${name}: ${value}`;
    parts.push("-H", shellQuote(shown));
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
