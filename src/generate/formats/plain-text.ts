/**
 * Generation of `cbcheck-plain-text` (contract/plain-text.ts): text of every character class cbcheck sends
 * (text-units.ts: ASCII, Latin, CJK, astral, combining marks, reserved URL characters), made plain by
 * construction; and the forms that are not plain — white space only, control, zero-width, bidi and
 * private-use characters, decomposed (not NFC) letters, a lone surrogate.
 */
import {
  ABOVE_LABEL,
  ABOVE_SURROGATES,
  boundedText,
  CHARACTER_CLASSES,
  textOfLength,
} from "../text-units.js";
import { type FormatGenerator, type FormValue, fitting } from "./format-generator.js";

const MARK = /\p{M}/u;
const BLANK = /^\s*$/u;

/** Code points that are never plain (contract/formats/plain-text.ts). */
const NOT_PLAIN = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/u;

/**
 * The same text made plain with its length kept: a combining mark follows `q` (which composes with none of
 * ours, so the text stays in NFC and marks never meet), a character that is never plain or that NFC would
 * change on its own becomes `q`, and blank text starts with `a`. Should composition still change it (conjoining
 * jamo), every character outside ASCII becomes `q`.
 */
export function toPlain(text: string): string {
  let out = text;
  if (out.normalize("NFC") !== out || NOT_PLAIN.test(out)) {
    const chars = [...out];
    for (let i = 1; i < chars.length; i++) if (MARK.test(chars[i])) chars[i - 1] = "q";
    out = chars.map((c) => (NOT_PLAIN.test(c) || c.normalize("NFC") !== c ? "q" : c)).join("");
    if (out.normalize("NFC") !== out) out = [...out].map((c) => (c.charCodeAt(0) < 0x80 ? c : "q")).join("");
  }
  if (out !== "" && BLANK.test(out)) out = `a${[...out].slice(1).join("")}`;
  return out;
}

const { ascii, latin, cjk, astral, combining, reserved } = CHARACTER_CLASSES;
/** `q` and a combining mark, alternately: plain, one code point each. */
const MARKED = combining.flatMap((mark) => ["q", mark]);

/** `n` characters of `chars`, at least one of them; empty when `n` is 0. */
const of = (n: number, chars: readonly string[]) => textOfLength(n, chars);

/** Generation of plain text. */
export const plainText: FormatGenerator = {
  arbitrary: (min, max) => boundedText(Math.max(1, min), Math.max(1, max)).map(toPlain),
  inside(min, max) {
    const lo = Math.max(1, min);
    const forms: FormValue[] = [
      { value: of(lo, ascii), label: `at minLength ${lo} (ASCII)` },
      { value: of(lo + 1, latin), label: `one above minLength ${lo} (Latin letters)` },
      { value: of(max - 1, cjk), label: `one below maxLength ${max} (CJK)` },
      { value: of(max, astral), label: `at maxLength ${max} (astral: 2 UTF-16 units each)` },
      { value: of(max, ABOVE_SURROGATES), label: `at maxLength ${max} (${ABOVE_LABEL})` },
      { value: of(Math.min(max, reserved.length), reserved), label: "reserved URL characters and quotes" },
      { value: of(Math.min(max, MARKED.length), MARKED), label: "combining marks" },
    ];
    return dedupe(fitting(forms, lo, max));
  },
  outside(min, max) {
    const pad = (text: string) => {
      const n = [...text].length;
      return n >= min ? text : text + "a".repeat(min - n);
    };
    const forms: FormValue[] = [
      { value: " ".repeat(Math.max(1, min)), label: "white space only" },
      { value: "\u3000".repeat(Math.max(1, min)), label: "ideographic space only" },
      { value: pad("a\u0000b"), label: "a NUL control character" },
      { value: pad("a\nb"), label: "a line feed" },
      { value: pad("a\u200Bb"), label: "a zero-width space" },
      { value: pad("\uFEFFab"), label: "a byte order mark" },
      { value: pad("a\u202Eb"), label: "a bidi override" },
      { value: pad("Ae\u0301"), label: "decomposed letters (not NFC)" },
      { value: pad("a\uD800b"), label: "a lone surrogate" },
    ];
    return fitting(forms, min, max);
  },
  leeway: () => [],
};

function dedupe(forms: FormValue[]): FormValue[] {
  const seen = new Set<string>();
  return forms.filter((f) => !seen.has(f.value) && seen.add(f.value));
}
