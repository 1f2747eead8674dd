/**
 * Escaping for every reporter: hostile server bodies end up in reports, so nothing from an exchange is
 * written without passing through here.
 */

/** Longest received/expected value shown in a report; longer values are cut with a note. */
export const MAX_VALUE_CHARS = 2000;

const TRUNCATION_NOTE = /… \[truncated: \d+ more characters\]$/;

/** Cuts `text` to `max` characters, saying how much was left out. Idempotent: a cut text is not cut again. */
export function truncate(text: string, max = MAX_VALUE_CHARS): string {
  if (text.length <= max) return text;
  const note = TRUNCATION_NOTE.exec(text);
  if (note && note.index <= max) return text;
  return `${text.slice(0, max)}… [truncated: ${text.length - max} more characters]`;
}

/** Characters XML 1.0 forbids (C0 controls except tab/LF/CR, lone surrogates, U+FFFE/U+FFFF). */
const XML_INVALID =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes text for XML/HTML element content and attribute values; drops characters XML cannot carry. */
export function escapeXml(text: string): string {
  return text
    .replace(XML_INVALID, "\uFFFD")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** HTML uses the same escaping (`&apos;` is valid HTML5). */
export const escapeHtml = escapeXml;

/** Escapes a Markdown table cell: no pipes, no line breaks, no raw HTML. */
export function escapeMarkdownCell(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\|/g, "\\|")
    .replace(/[`*_[\]]/g, (c) => `\\${c}`)
    .replace(/\r?\n|\r/g, " ");
}

/** A Markdown code fence longer than any backtick run inside `text`, so the text cannot close it. */
export function markdownFence(text: string): string {
  const runs = text.match(/`+/g) ?? [];
  const longest = runs.reduce((n, r) => Math.max(n, r.length), 0);
  return "`".repeat(Math.max(3, longest + 1));
}

/** An inline Markdown code span safe inside a table cell (readable ids without backslash escapes). */
export function markdownCode(text: string): string {
  const flat = text.replace(/\r?\n|\r/g, " ").replace(/\|/g, "\\|");
  const runs = flat.match(/`+/g) ?? [];
  const ticks = "`".repeat(runs.reduce((n, r) => Math.max(n, r.length), 0) + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}
