/**
 * Trace entries (certification evidence): the request as received with the credential redacted,
 * and the response as sent.
 */
import type { IncomingHttpHeaders } from "node:http";

/** Request headers, lower-case, with the bearer credential replaced by `<redacted>`. */
export function redactedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(", ") : value;
    if (name === "authorization") {
      out[name] = /^bearer\s/i.test(text) ? `${text.slice(0, 6)} <redacted>` : "<redacted>";
    } else {
      out[name] = text;
    }
  }
  return out;
}

/** Epoch milliseconds with sub-millisecond precision. */
export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}
