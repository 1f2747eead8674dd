/**
 * Escaping for every reporter and console line: hostile server bodies end up in reports and on terminals, so
 * nothing from an exchange is written without passing through here.
 */

/**
 * What a terminal or a renderer would act on instead of showing: C0 controls (ESC opens CSI and OSC sequences:
 * a screen clear, a window title, a hyperlink), DEL, C1 controls (U+009B is a CSI of its own), the bidi
 * controls that reorder what is shown (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) and the Unicode
 * line and paragraph separators. Tab and line feed are kept unless a line is asked for.
 */
const CONTROLS =
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;
const CONTROLS_IN_A_LINE =
  /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;
const NAMED: Record<string, string> = { "\t": "\\t", "\n": "\\n", "\r": "\\r" };

function visible(c: string): string {
  const code = c.charCodeAt(0);
  return NAMED[c] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16)}`);
}

/**
 * Untrusted text (a body, a header, a reason phrase, an id from a target or a client) as a person may be shown
 * it: every control character of CONTROLS written as a visible escape (`\x1b`, `\u202e`, `\r`). A CRLF
 * becomes a line feed; `isOneLine` escapes line feeds and tabs too (a line a target must not split or forge).
 */
export function escapeControls(text: string, isOneLine = false): string {
  if (isOneLine) return text.replace(CONTROLS_IN_A_LINE, visible);
  return text.replace(/\r\n/g, "\n").replace(CONTROLS, visible);
}

/**
 * `value` as JSON text a terminal or a chat renderer shows as it is: JSON.stringify escapes C0 controls but
 * leaves DEL, C1 controls, bidi controls and U+2028/U+2029 raw; those become `\uXXXX` escapes (the same
 * JSON once parsed). `indent` as JSON.stringify's (its line feeds are the only raw controls it writes).
 */
export function escapedJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(
    CONTROLS,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

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
  return escapeControls(text)
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
  return escapeControls(text)
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
  const flat = escapeControls(text.replace(/\r?\n|\r/g, " ")).replace(/\|/g, "\\|");
  const runs = flat.match(/`+/g) ?? [];
  const ticks = "`".repeat(runs.reduce((n, r) => Math.max(n, r.length), 0) + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}
