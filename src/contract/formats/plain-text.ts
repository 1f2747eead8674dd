/**
 * The `cbcheck-plain-text` format: text as a person types it — not blank, no control, format (zero-width,
 * bidi), private-use or surrogate code points, no line or paragraph separators, in Unicode normalisation form
 * C. It is never a contract rule: request schemas name it only in `x-cbcheck-preferred` (docs/schemas.md), so
 * text within a parameter's bounds that is not plain is *open* — the contract neither allows nor forbids it.
 */

/** The format's name, as the request schemas spell it. */
export const PLAIN_TEXT_FORMAT = "cbcheck-plain-text";

/** Code points that are not plain: Cc, Cf, Co, Cs (a lone surrogate), Zl, Zp. */
const NOT_PLAIN = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/u;
/** Text of white space only (or nothing). */
const BLANK = /^\s*$/u;

/** Whether `text` is plain (see the file comment). */
export function isPlainText(text: string): boolean {
  return !BLANK.test(text) && !NOT_PLAIN.test(text) && text.normalize("NFC") === text;
}
