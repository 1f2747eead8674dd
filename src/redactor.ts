/**
 * The one redaction of keys (Authentication 6: keys never in logs). A command makes one `Redactor` from the keys
 * it sends (the proxy adds the keys its clients send as it sees them) and applies it where an exchange is
 * recorded for anything but judging: every report, HAR entry, console line and library return value is made
 * from redacted text. Every occurrence of a key becomes `<redacted>` — in any form of `secretForms` (raw, case
 * variants, JSON-escaped, URL-encoded, hex, base64 at any alignment, …), any prefix of 8 or more characters of
 * it in those forms, and any head of one left in front of a cut (`…`, the end of a text) or tail left at the
 * start of a text — unless a piece could be an ordinary word (src/secret-index.ts). Any
 * `Authorization: Bearer|Basic <credential>` shows `<redacted>`.
 */
import { SecretIndex, type Span } from "./secret-index.js";

/** What a key is replaced with. */
export const REDACTED = "<redacted>";

/** Shortest key replaced; shorter strings would blank out ordinary words. */
const MIN_SECRET_LENGTH = 4;

/**
 * An authorization header with a bearer or basic credential in any common rendering (curl, JSON, HTTP). The
 * credential stops at a backslash: inside JSON text `\"` closes it, and eating the backslash would break the
 * JSON. A curl line's `$CB_API_KEY` (a variable name, not a key) stays.
 */
const AUTH_CREDENTIAL =
  /(authorization["']?\s*[:=]\s*["']?\s*(?:Bearer|Basic))\s+(?!<redacted>|&lt;redacted&gt;|\$[A-Z_][A-Z0-9_]*(?![^\s"'<&\\]))[^\s"'<&\\]+/gi;

/** A recorded `Authorization` value that holds no credential: a variable's name, or already redacted. */
const NO_CREDENTIAL = /^\S+ (?:<redacted>|\$[A-Z_][A-Z0-9_]*)$/i;

/**
 * An `Authorization` (or `Proxy-Authorization`) header value as recorded: `Bearer $NAME` and `Bearer <redacted>`
 * stay, any other credential becomes `<scheme> <redacted>` (a `Basic` one, one whose key is not known).
 */
export function redactCredential(value: string): string {
  if (NO_CREDENTIAL.test(value)) return value;
  const scheme = /^\s*([A-Za-z][\w.-]*)\s+\S/.exec(value)?.[1];
  return scheme ? `${scheme} ${REDACTED}` : REDACTED;
}

/** The keys of a `Bearer` or `Basic` credential (a basic one: its password, or its user name before `:`). */
export function credentialKeys(value: string | undefined): string[] {
  const match = value === undefined ? null : /^\s*(bearer|basic)\s+(\S+)\s*$/i.exec(value);
  if (!match) return [];
  if (match[1].toLowerCase() === "bearer") return [match[2]];
  const decoded = Buffer.from(match[2], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return [decoded];
  const password = decoded.slice(colon + 1);
  return [password === "" ? decoded.slice(0, colon) : password];
}

/** `text` with every span replaced by `REDACTED` (overlapping spans merged into one). */
function replaceSpans(text: string, spans: Span[]): string {
  spans.sort((a, b) => a[0] - b[0]);
  let out = "";
  let done = 0;
  let [start, end] = spans[0];
  for (const [from, to] of spans) {
    if (from <= end) {
      end = Math.max(end, to);
      continue;
    }
    out += `${text.slice(done, start)}${REDACTED}`;
    done = end;
    [start, end] = [from, to];
  }
  return `${out}${text.slice(done, start)}${REDACTED}${text.slice(end)}`;
}

/** Texts up to this length are remembered once redacted, at most SHORT_TEXTS_KEPT of them. */
const SHORT_TEXT = 120;
const SHORT_TEXTS_KEPT = 20_000;

/**
 * Redacts the keys of one command from text and values. Made once from the keys (their forms computed once);
 * `add` learns more (the proxy meets its clients' keys as they call).
 */
export class Redactor {
  readonly #keys = new Set<string>();
  readonly #index = new SecretIndex();
  /**
   * Short texts already redacted: a report repeats the same names and values thousands of times (property
   * names, statuses, check ids), and each costs a search per key form. Emptied whenever a key is learnt.
   */
  readonly #short = new Map<string, string>();

  constructor(keys: Iterable<string | undefined> = []) {
    this.add(keys);
  }

  /** Adds keys to redact (unset, repeated and too short ones are ignored). */
  add(keys: Iterable<string | undefined>): this {
    for (const key of keys) {
      if (key === undefined || key.length < MIN_SECRET_LENGTH || this.#keys.has(key)) continue;
      this.#keys.add(key);
      this.#index.add(key);
      this.#short.clear();
    }
    return this;
  }

  /** Whether a key is known. */
  has(key: string): boolean {
    return this.#keys.has(key);
  }

  /** Whether any key is known (without one, only credentials are redacted). */
  get hasKeys(): boolean {
    return this.#keys.size > 0;
  }

  /** How many keys are known. */
  get size(): number {
    return this.#keys.size;
  }

  /** `text` with every key (any form, prefix or cut piece) and any authorization credential replaced. */
  text(text: string): string {
    if (text.length > SHORT_TEXT) return this.#redact(text);
    let out = this.#short.get(text);
    if (out === undefined) {
      out = this.#redact(text);
      if (this.#short.size >= SHORT_TEXTS_KEPT) this.#short.clear();
      this.#short.set(text, out);
    }
    return out;
  }

  #redact(text: string): string {
    let out = text;
    if (this.#keys.size > 0) {
      const spans = this.#index.spans(out);
      if (spans.length > 0) out = replaceSpans(out, spans);
      out = this.#index.redactTails(this.#index.redactHeads(out, REDACTED), REDACTED);
    }
    return out.replace(AUTH_CREDENTIAL, `$1 ${REDACTED}`);
  }

  /**
   * A deep copy of a JSON-like value with every string (and property name) redacted, before any escaping or
   * truncation happens. Iterative, so a hostile, deeply nested value cannot overflow the stack.
   */
  value<T>(value: T): T {
    const root: { v: unknown } = { v: value };
    const stack: Array<{ from: unknown; into: Record<string | number, unknown>; key: string | number }> = [
      { from: value, into: root, key: "v" },
    ];
    while (stack.length > 0) {
      const { from, into, key } = stack.pop() as (typeof stack)[number];
      let copy: unknown = from;
      if (typeof from === "string") copy = this.text(from);
      else if (Array.isArray(from)) {
        const arr: unknown[] = new Array(from.length);
        for (let i = 0; i < from.length; i++) stack.push({ from: from[i], into: arr as never, key: i });
        copy = arr;
      } else if (from !== null && typeof from === "object" && !ArrayBuffer.isView(from)) {
        const obj: Record<string, unknown> = {};
        for (const [k, x] of Object.entries(from)) {
          const name = this.text(k);
          obj[name] = undefined; // keeps the key order of the original
          stack.push({ from: x, into: obj, key: name });
        }
        copy = obj;
      }
      into[key] = copy;
    }
    return root.v as T;
  }
}
