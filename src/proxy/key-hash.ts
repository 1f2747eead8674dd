/** Identifies an API key in output by a short hash: the key itself is never shown. */
import { createHash } from "node:crypto";

/** The bearer credential of an `Authorization` header value, or undefined. */
export function bearerCredential(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** First 8 hex of the key's sha256 (`k:1a2b3c4d`), or `none` when the call carried no key. */
export function keyHash(key: string | undefined): string {
  if (key === undefined) return "none";
  return `k:${createHash("sha256").update(key).digest("hex").slice(0, 8)}`;
}
