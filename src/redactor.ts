/**
 * The one redaction of keys (Authentication 6: keys never in logs). A command makes one `Redactor` from the keys
 * it sends (the proxy adds the keys its clients send as it sees them) and applies it where an exchange is
 * recorded for anything but judging: every report, HAR entry, console line and library return value is made
 * from redacted text. Every occurrence of a key becomes `<redacted>` — in any form of `secretForms` (raw, case
 * variants, JSON-escaped, URL-encoded, hex, base64 at any alignment, …), any prefix of 8 or more characters of
 * it in those forms, and any head of one left in front of a cut (`…`, the end of a text) or tail left at the
 * start of a text — unless a piece could be an ordinary word (see `isSecretFragment`). Any
 * `Authorization: Bearer|Basic <credential>` shows `<redacted>`.
 */
import { secretForms } from "./secret-forms.js";

/** What a key is replaced with. */
export const REDACTED = "<redacted>";

/** Shortest key replaced; shorter strings would blank out ordinary words. */
const MIN_SECRET_LENGTH = 4;

/** Shortest piece of a key, cut by a truncation, that is still replaced. */
const MIN_FRAGMENT_LENGTH = 6;

/**
 * A piece of letters (and `.`, `_`, `-`, spaces) only could be an ordinary word a report needs — a field
 * `verdict`, a status `inconclusive`, an id `run.rule_unexercised` — and a key that starts (or ends) with such a
 * word would otherwise blank it out everywhere. Such a piece is replaced only from this length on, where it
 * is no word a report holds; a piece with a digit or another symbol (what a key's random part holds) is
 * replaced from MIN_FRAGMENT_LENGTH. The whole key is always replaced, whatever it looks like.
 */
const MIN_WORDLIKE_FRAGMENT_LENGTH = 16;
const WORDLIKE = /^[\p{L}._\- ]+$/u;

/** Whether a piece of a key (a prefix, or a piece cut by a truncation) is replaced: long enough, no word. */
function isSecretFragment(piece: string): boolean {
  if (piece.length < MIN_FRAGMENT_LENGTH) return false;
  return piece.length >= MIN_WORDLIKE_FRAGMENT_LENGTH || !WORDLIKE.test(piece);
}

/** Where a shortened value was cut: our own `…` notes, and the end of the text. */
const CUT_MARKS = /…|\.\.\.|$/g;

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

/** Forms sharing one anchor: found with one `indexOf`, then the longest match wins. */
interface Anchored {
  anchor: string;
  /** The whole forms that start with the anchor, and whether a prefix of each may read as a word. */
  forms: { text: string; isReadable: boolean }[];
}

/** The keys, prepared once for many texts. */
interface Prepared {
  anchored: Anchored[];
  /** The shortest anchor: a shorter text holds none. */
  shortest: number;
  /** Whole forms by their first MIN_FRAGMENT_LENGTH characters, so that a cut is checked in one pass. */
  heads: Map<string, string[]>;
  /** Whole forms by their last MIN_FRAGMENT_LENGTH characters (a text cut from the front keeps a tail). */
  tails: Map<string, string[]>;
  longest: number;
}

function prepare(keys: Iterable<string>): Prepared {
  const byAnchor = new Map<string, Map<string, boolean>>();
  const heads = new Map<string, string[]>();
  const tails = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, form: string) =>
    map.set(key, [...(map.get(key) ?? []), form]);
  let longest = 0;
  for (const key of keys) {
    for (const { text, anchor, isReadable } of secretForms(key)) {
      const forms = byAnchor.get(anchor) ?? new Map<string, boolean>();
      forms.set(text, forms.get(text) === true || isReadable);
      byAnchor.set(anchor, forms);
      longest = Math.max(longest, text.length);
      if (text.length <= MIN_FRAGMENT_LENGTH) continue;
      add(heads, text.slice(0, MIN_FRAGMENT_LENGTH), text);
      add(tails, text.slice(-MIN_FRAGMENT_LENGTH), text);
    }
  }
  const anchored = [...byAnchor].map(([anchor, forms]) => ({
    anchor,
    forms: [...forms].map(([text, isReadable]) => ({ text, isReadable })),
  }));
  const shortest = Math.min(...anchored.map((a) => a.anchor.length));
  return { anchored, shortest, heads, tails, longest };
}

/** How many characters of `form` stand in `text` from `at` (the first `known` are known to). */
function matchLength(text: string, at: number, form: string, known: number): number {
  let n = known;
  while (n < form.length && text.charCodeAt(at + n) === form.charCodeAt(n)) n++;
  return n;
}

/** The spans `[start, end)` of `text` that hold a whole form or a prefix of one. */
function formSpans(text: string, { anchored }: Prepared): [number, number][] {
  const spans: [number, number][] = [];
  for (const { anchor, forms } of anchored) {
    let at = text.indexOf(anchor);
    while (at !== -1) {
      let end = -1;
      for (const form of forms) {
        const n = matchLength(text, at, form.text, anchor.length);
        // A prefix of an unreadable form (hex, base64) is no word; one of a readable form may be.
        const isKey = n === form.text.length || !form.isReadable || isSecretFragment(text.slice(at, at + n));
        if (isKey) end = Math.max(end, at + n);
      }
      if (end !== -1) spans.push([at, end]);
      at = text.indexOf(anchor, end !== -1 ? end : at + 1);
    }
  }
  return spans;
}

/** `text` with every span replaced by REDACTED (overlapping spans merged into one). */
function replaceSpans(text: string, spans: [number, number][]): string {
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

/** Replaces the longest prefix of any form that ends right at a cut mark (what truncation leaves). */
function redactFragments(text: string, { heads, longest }: Prepared): string {
  if (heads.size === 0) return text;
  const cuts = [...text.matchAll(CUT_MARKS)].map((m) => m.index);
  let out = text;
  // Right to left, so earlier cut positions stay valid while later ones are rewritten.
  for (const cut of cuts.reverse()) {
    // Leftmost start first: the longest fragment wins.
    for (let start = Math.max(0, cut - longest + 1); start <= cut - MIN_FRAGMENT_LENGTH; start++) {
      const candidates = heads.get(out.slice(start, start + MIN_FRAGMENT_LENGTH));
      const piece = candidates && out.slice(start, cut);
      if (
        piece &&
        isSecretFragment(piece) &&
        candidates.some((s) => s.length > piece.length && s.startsWith(piece))
      ) {
        out = `${out.slice(0, start)}${REDACTED}${out.slice(cut)}`;
        break;
      }
    }
  }
  return out;
}

/** Replaces the longest tail of any form that starts the text or follows a `…` (a text cut from the front). */
function redactLeadingFragment(text: string, { tails, longest }: Prepared): string {
  if (tails.size === 0) return text;
  const starts = [0, ...[...text.matchAll(/…/g)].map((m) => m.index + 1)];
  let out = text;
  for (const start of starts.reverse()) {
    for (let end = Math.min(out.length, start + longest - 1); end >= start + MIN_FRAGMENT_LENGTH; end--) {
      const candidates = tails.get(out.slice(end - MIN_FRAGMENT_LENGTH, end));
      const piece = candidates && out.slice(start, end);
      if (
        piece &&
        isSecretFragment(piece) &&
        candidates.some((s) => s.length > piece.length && s.endsWith(piece))
      ) {
        out = `${out.slice(0, start)}${REDACTED}${out.slice(end)}`;
        break;
      }
    }
  }
  return out;
}

/**
 * Redacts the keys of one command from text and values. Made once from the keys (forms computed once); `add`
 * learns more (the proxy meets its clients' keys as they call).
 */
export class Redactor {
  readonly #keys = new Set<string>();
  #prepared: Prepared | undefined;

  constructor(keys: Iterable<string | undefined> = []) {
    this.add(keys);
  }

  /** Adds keys to redact (unset, repeated and too short ones are ignored). */
  add(keys: Iterable<string | undefined>): this {
    let added = false;
    for (const key of keys) {
      if (key === undefined || key.length < MIN_SECRET_LENGTH || this.#keys.has(key)) continue;
      this.#keys.add(key);
      added = true;
    }
    if (added) this.#prepared = prepare(this.#keys);
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

  /** `text` with every key (any form, prefix or cut piece) and any authorization credential replaced. */
  text(text: string): string {
    const prepared = this.#prepared;
    let out = text;
    if (prepared) {
      if (out.length >= prepared.shortest) {
        const spans = formSpans(out, prepared);
        if (spans.length > 0) out = replaceSpans(out, spans);
      }
      out = redactLeadingFragment(redactFragments(out, prepared), prepared);
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
