/**
 * Last line of defence against leaking keys (Authentication 6: keys never in logs): every occurrence of a
 * secret in text becomes `<redacted>`, and any `Authorization: Bearer <token>` shows `<redacted>` instead.
 */

import { escapeMarkdownCell, escapeXml } from "./escape.js";

/** Shortest secret we replace; shorter strings would blank out ordinary words. */
const MIN_SECRET_LENGTH = 4;

/**
 * An authorization header with a bearer credential in any common rendering (curl, JSON, HTTP). The token
 * stops at a backslash: inside JSON text `\"` closes it, and eating the backslash would break the JSON.
 */
const AUTH_BEARER =
  /(authorization["']?\s*[:=]\s*["']?\s*Bearer)\s+(?!<redacted>|&lt;redacted&gt;|\$[A-Z_][A-Z0-9_]*(?![^\s"'<&\\]))[^\s"'<&\\]+/gi;

/** Replaces each secret (and any authorization bearer credential) in `text` with `<redacted>`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  // Longest first, so a secret that contains another is replaced whole.
  const sorted = [...new Set(secrets)].filter((s) => s.length >= MIN_SECRET_LENGTH);
  sorted.sort((a, b) => b.length - a.length);
  for (const secret of sorted) out = out.split(secret).join("<redacted>");
  return out.replace(AUTH_BEARER, "$1 <redacted>");
}

/** The forms a secret takes inside written files: raw, JSON-, XML/HTML- and Markdown-escaped, percent-encoded. */
export function secretVariants(secrets: readonly string[]): string[] {
  const out = new Set<string>();
  for (const s of secrets) {
    if (!s) continue;
    out.add(s);
    out.add(JSON.stringify(s).slice(1, -1));
    out.add(escapeXml(s));
    out.add(s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;"));
    out.add(escapeMarkdownCell(s));
    out.add(encodeURIComponent(s));
  }
  return [...out];
}

/** A deep copy of a JSON-like value with every string (and key) redacted, before any escaping happens. */
export function redactValue<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return redactSecrets(v, secrets);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [redactSecrets(k, secrets), walk(x)]));
    }
    return v;
  };
  return walk(value) as T;
}
