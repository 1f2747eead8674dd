/**
 * The shared assertion of every test that greps an output for a key: `expectNoSecret(text, key)` fails when
 * `text` holds the key, or a prefix of it long enough to be no ordinary word (8 characters, 16 when letters
 * only), in any encoding a hostile echo may use — raw, upper or lower case, URL-encoded (as encodeURIComponent
 * does, and every byte in either hex case), JSON-escaped (as JSON.stringify does, and every character as
 * `\uXXXX` in either case), hex (either case), base64 / base64url at each byte alignment (which covers a
 * `Basic` credential and `base64("Bearer " + key)`). Written apart from src/secret-forms.ts on purpose: a test
 * must not check the redaction with the redaction's own list.
 */
import { expect } from "vitest";

/** The shortest prefix of `key` a redaction must catch: 8 characters, or 16 while it reads as a word. */
function shortestPrefix(key: string): string {
  for (let n = 8; n < Math.min(16, key.length); n++) {
    if (!/^[\p{L}._\- ]+$/u.test(key.slice(0, n))) return key.slice(0, n);
  }
  return key.slice(0, Math.min(16, key.length));
}

const hexOf = (text: string) => Buffer.from(text, "utf8").toString("hex");
const everyByte = (text: string) =>
  [...Buffer.from(text, "utf8")].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
const unicodeEscapes = (text: string) =>
  [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");

/** The base64 characters made of `text`'s bytes only, at byte offset 0, 1 and 2, in both alphabets. */
function base64Runs(text: string): string[] {
  const bytes = Buffer.from(text, "utf8");
  const runs: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const groups = Math.floor((offset + bytes.length) / 3) - (offset === 0 ? 0 : 1);
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    const run = encoded.slice(offset === 0 ? 0 : 4, (offset === 0 ? 0 : 4) + groups * 4);
    if (run.length >= 8) runs.push(run, run.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  return runs;
}

/** Every encoding of `text` that an output must not hold, by a name that says which one was found. */
export function secretEncodings(text: string): Record<string, string> {
  const forms: Record<string, string> = {
    raw: text,
    upper: text.toUpperCase(),
    lower: text.toLowerCase(),
    "url-encoded": encodeURIComponent(text),
    "every byte percent-encoded": everyByte(text),
    "every byte percent-encoded, upper hex": everyByte(text).toUpperCase(),
    "json-escaped": JSON.stringify(text).slice(1, -1),
    "\\u-escaped": unicodeEscapes(text),
    "\\u-escaped, upper hex": unicodeEscapes(text).toUpperCase(),
    hex: hexOf(text),
    "hex, upper": hexOf(text).toUpperCase(),
  };
  base64Runs(text).forEach((run, i) => {
    forms[`base64 run ${i}`] = run;
  });
  return forms;
}

/**
 * Where `text` holds `key` or its shortest catchable prefix (see above) in an encoding of `secretEncodings`:
 * the encoding's name and an excerpt, or undefined when it holds none.
 */
export function secretFoundIn(text: string, key: string): string | undefined {
  const prefix = key.length > 8 ? shortestPrefix(key) : key;
  const lowered = text.toLowerCase();
  for (const [name, form] of Object.entries(secretEncodings(prefix))) {
    // Case matters to the forms spelled in one case; hex and escapes are looked for in either case.
    const found = /^(raw|upper|lower|base64)/.test(name)
      ? text.indexOf(form)
      : lowered.indexOf(form.toLowerCase());
    if (found !== -1) return `${name}: …${text.slice(Math.max(0, found - 40), found + 60)}…`;
  }
  return undefined;
}

/** Fails when `text` holds `key` in any encoding (`secretFoundIn`); `where` names the output in the failure. */
export function expectNoSecret(text: string, key: string, where = "output"): void {
  const found = secretFoundIn(text, key);
  if (found !== undefined) expect.fail(`${where} holds the key (${found})`);
}
