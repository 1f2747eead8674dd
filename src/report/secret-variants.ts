/**
 * The forms a key takes when a target echoes it back or a reporter escapes it: raw, JSON-escaped (once and
 * twice: a body quoted inside a report's JSON string), XML/HTML- and Markdown-escaped, percent-encoded, and
 * base64 / base64url — whole, and the part that stays the same wherever the key sits inside a longer
 * base64 text (`base64("Bearer " + key)`).
 */
import { escapeMarkdownCell, escapeXml } from "./escape.js";

/** Shortest stable base64 run we look for; shorter runs would match ordinary base64 by chance. */
const MIN_BASE64_RUN = 8;

function jsonEscaped(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** The base64 characters that depend on the key's bytes only, for the key at byte offset 0, 1 and 2. */
function base64Runs(secret: string): string[] {
  const bytes = Buffer.from(secret, "utf8");
  const runs: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const shifted = Buffer.concat([Buffer.alloc(offset), bytes]);
    const first = Math.ceil(offset / 3) * 3; // first byte of the first group holding key bytes only
    const end = Math.floor(shifted.length / 3) * 3; // end of the last full group
    if (end <= first) continue;
    const encoded = shifted.toString("base64");
    const run = encoded.slice((first / 3) * 4, (end / 3) * 4);
    if (run.length >= MIN_BASE64_RUN) runs.push(run, run.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  return runs;
}

/** Every form of each secret that may appear in text we print or write. */
export function secretVariants(secrets: readonly string[]): string[] {
  const out = new Set<string>();
  for (const s of secrets) {
    if (!s) continue;
    const base64 = Buffer.from(s, "utf8").toString("base64");
    const forms = [
      s,
      jsonEscaped(s),
      jsonEscaped(jsonEscaped(s)),
      escapeXml(s),
      s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;"),
      escapeMarkdownCell(s),
      encodeURIComponent(s),
      encodeURIComponent(s).replace(/%20/g, "+"),
      base64,
      base64.replace(/=+$/, ""),
      base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""),
      ...base64Runs(s),
    ];
    for (const form of forms) {
      out.add(form);
      // A form seen inside a report's JSON string is escaped once more.
      out.add(jsonEscaped(form));
    }
  }
  return [...out];
}
