/**
 * The forms a key takes when a target or a client echoes it back, or a format escapes it: raw and in upper and
 * lower case; JSON-escaped (once, twice, every character as `\uXXXX`); XML/HTML- and Markdown-escaped;
 * percent-encoded (as `encodeURIComponent` does, and every byte, in both hex cases); hex (both cases); and
 * base64 / base64url at each of the three byte alignments a key can have inside a longer base64 text
 * (`base64("Bearer " + key)`, a `Basic` credential `base64("user:" + key)`).
 *
 * Each form comes with its anchor: the same encoding of the key's first `PREFIX_CHARS` characters, a prefix of
 * the form. A text holding an anchor holds (at least) a prefix of 8 characters of the key in that encoding.
 */

/** Characters of a key from which a prefix of it is replaced wherever it stands (shorter keys only whole). */
export const PREFIX_CHARS = 8;

/** One encoded form of a key and the encoded form of its first `PREFIX_CHARS` characters. */
export interface SecretForm {
  text: string;
  /** A prefix of `text`: what a text must hold for a prefix of the key (in this encoding) to be in it. */
  anchor: string;
  /**
   * The key's characters stay readable in this form (raw, a case variant, escaped for JSON, HTML, Markdown or
   * a URL), so a prefix of it may read as an ordinary word; false for hex, base64 and escapes of every
   * character, which no word looks like.
   */
  isReadable: boolean;
}

type Encode = (key: string) => string;

const jsonEscaped: Encode = (text) => JSON.stringify(text).slice(1, -1);
const hex = (code: number, width: number) => code.toString(16).padStart(width, "0");
const unicodeEscaped: Encode = (text) => [...text].map((c) => `\\u${hex(c.charCodeAt(0), 4)}`).join("");
const everyBytePercent: Encode = (text) =>
  [...Buffer.from(text, "utf8")].map((b) => `%${hex(b, 2).toUpperCase()}`).join("");
const htmlEscaped: Encode = (text) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const xmlEscaped: Encode = (text) => htmlEscaped(text).replace(/'/g, "&apos;");
const markdownEscaped: Encode = (text) =>
  htmlEscaped(text)
    .replace(/&quot;/g, '"')
    .replace(/\|/g, "\\|")
    .replace(/[`*_[\]]/g, (c) => `\\${c}`);
const upper =
  (encode: Encode): Encode =>
  (text) =>
    encode(text).toUpperCase();
const lower =
  (encode: Encode): Encode =>
  (text) =>
    encode(text).toLowerCase();
const raw: Encode = (text) => text;

const hexOf: Encode = (text) => Buffer.from(text, "utf8").toString("hex");

/** Encodings whose output for a key's prefix is a prefix of their output for the key, readable ones first. */
const READABLE: readonly Encode[] = [
  raw,
  upper(raw),
  lower(raw),
  jsonEscaped,
  (text) => jsonEscaped(jsonEscaped(text)),
  xmlEscaped,
  htmlEscaped,
  markdownEscaped,
  encodeURIComponent,
  (text) => encodeURIComponent(text).replace(/%20/g, "+"),
  lower(encodeURIComponent),
];
const UNREADABLE: readonly Encode[] = [
  unicodeEscaped,
  upper(unicodeEscaped),
  everyBytePercent,
  lower(everyBytePercent),
  hexOf,
  upper(hexOf),
];

/**
 * The base64 characters that depend on the key's bytes only, for the key at byte offset `offset` (0, 1, 2) of
 * a longer text: from the first group holding key bytes only to the end (the last group may mix in what
 * follows the key; a text that stops there differs and the match stops with it).
 */
function base64From(bytes: Buffer, offset: number, urlSafe: boolean): string {
  const encoded = Buffer.concat([Buffer.alloc(offset), bytes])
    .toString(urlSafe ? "base64url" : "base64")
    .replace(/=+$/, "");
  return encoded.slice(offset === 0 ? 0 : 4);
}

/** The stable base64 run of `bytes` at `offset`: the groups made of its bytes only (the anchor's part). */
function stableBase64(bytes: Buffer, offset: number, urlSafe: boolean): string {
  const groups = Math.floor((offset + bytes.length) / 3) - (offset === 0 ? 0 : 1);
  return base64From(bytes, offset, urlSafe).slice(0, Math.max(0, groups) * 4);
}

function base64Forms(key: string): SecretForm[] {
  const bytes = Buffer.from(key, "utf8");
  const head = Buffer.from(key.slice(0, PREFIX_CHARS), "utf8");
  const forms: SecretForm[] = [];
  for (const urlSafe of [false, true]) {
    for (let offset = 0; offset < 3; offset++) {
      const text = base64From(bytes, offset, urlSafe);
      // A key shorter than the prefix: the whole stable run is what must be found.
      const anchor =
        key.length > PREFIX_CHARS
          ? stableBase64(head, offset, urlSafe)
          : stableBase64(bytes, offset, urlSafe);
      if (anchor.length >= PREFIX_CHARS) forms.push({ text, anchor, isReadable: false });
    }
  }
  return forms;
}

/** Every form of `key` with its anchor, without repeats. */
export function secretForms(key: string): SecretForm[] {
  const head = key.slice(0, PREFIX_CHARS);
  const encoded = (encode: Encode, isReadable: boolean): SecretForm => ({
    text: encode(key),
    anchor: key.length > PREFIX_CHARS ? encode(head) : encode(key),
    isReadable,
  });
  const forms = [
    ...READABLE.map((encode) => encoded(encode, true)),
    ...UNREADABLE.map((encode) => encoded(encode, false)),
    ...base64Forms(key),
  ];
  // A form quoted inside a JSON string (a report's JSON, a body echoing a JSON body) is escaped once more.
  for (const f of [...forms])
    forms.push({ text: jsonEscaped(f.text), anchor: jsonEscaped(f.anchor), isReadable: f.isReadable });
  // Readable forms come first: of two equal forms, the one kept reads as text (a word in it is spared).
  const seen = new Set<string>();
  const out: SecretForm[] = [];
  for (const { text, anchor, isReadable } of forms) {
    // An anchor that is not the form's prefix (an encoding not per character for this key): the whole form.
    const form = { text, anchor: text.startsWith(anchor) ? anchor : text, isReadable };
    const id = `${form.anchor}\u0000${form.text}`;
    if (!seen.has(id)) out.push(form);
    seen.add(id);
  }
  return out;
}
