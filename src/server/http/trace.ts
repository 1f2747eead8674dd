/**
 * Trace entries (certification evidence): the request as received with the credential redacted,
 * and the response as sent. Off in `run` (left out of mutation testing, docs/mutation.md).
 */
import type { IncomingHttpHeaders } from "node:http";
import type { Account } from "../keys.js";
import type { ServerKeys } from "../types.js";
import { BEARER } from "./auth.js";

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

/** Which test key a header carries, for the trace. */
export function keyNameOf(
  header: string | undefined,
  accounts: Map<string, Account>,
): keyof ServerKeys | "unknown" | "none" {
  if (header === undefined) return "none";
  const m = BEARER.exec(header);
  return (m && accounts.get(m[1])?.name) || "unknown";
}
