/**
 * Last line of defence against leaking keys (Authentication 6: keys never in logs): every occurrence of a
 * secret in text becomes `<redacted>` — raw or in the encodings a hostile target may echo it back in
 * (JSON-escaped, URL-encoded, base64, HTML/Markdown-escaped), and any head of one left in front of a
 * truncation mark or tail left at the start of a text (a value cut before it reached us) — unless that piece
 * could be an ordinary word (see `isSecretFragment`). Any `Authorization: Bearer <token>` shows `<redacted>`.
 */

import { secretVariants } from "./secret-variants.js";

export { secretVariants };

/** Shortest secret we replace; shorter strings would blank out ordinary words. */
const MIN_SECRET_LENGTH = 4;

/** Shortest piece of a secret, cut by a truncation, that is still replaced. */
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

/** Whether a piece of a secret, cut by a truncation, is replaced: long enough, and no ordinary word. */
function isSecretFragment(piece: string): boolean {
  if (piece.length < MIN_FRAGMENT_LENGTH) return false;
  return piece.length >= MIN_WORDLIKE_FRAGMENT_LENGTH || !WORDLIKE.test(piece);
}

/** Where a shortened value was cut: our own `…` notes, and the end of the text. */
const CUT_MARKS = /…|\.\.\.|$/g;

const REDACTED = "<redacted>";

/**
 * An authorization header with a bearer credential in any common rendering (curl, JSON, HTTP). The token
 * stops at a backslash: inside JSON text `\"` closes it, and eating the backslash would break the JSON. A
 * curl line's `$CB_API_KEY` (a variable name, not a key) stays.
 */
const AUTH_BEARER =
  /(authorization["']?\s*[:=]\s*["']?\s*Bearer)\s+(?!<redacted>|&lt;redacted&gt;|\$[A-Z_][A-Z0-9_]*(?![^\s"'<&\\]))[^\s"'<&\\]+/gi;

/** The secrets, prepared once for many texts. */
interface Prepared {
  /** Longest first, so a secret that contains another is replaced whole. */
  sorted: string[];
  /** Secrets by their first MIN_FRAGMENT_LENGTH characters, so that a cut is checked in one pass. */
  heads: Map<string, string[]>;
  /** Secrets by their last MIN_FRAGMENT_LENGTH characters (a text cut from the front keeps a key's tail). */
  tails: Map<string, string[]>;
  longest: number;
}

function prepare(secrets: readonly string[]): Prepared {
  const sorted = [...new Set(secrets)].filter((s) => s.length >= MIN_SECRET_LENGTH);
  sorted.sort((a, b) => b.length - a.length);
  const heads = new Map<string, string[]>();
  const tails = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, secret: string) =>
    map.set(key, [...(map.get(key) ?? []), secret]);
  for (const secret of sorted) {
    if (secret.length <= MIN_FRAGMENT_LENGTH) continue;
    add(heads, secret.slice(0, MIN_FRAGMENT_LENGTH), secret);
    add(tails, secret.slice(-MIN_FRAGMENT_LENGTH), secret);
  }
  return { sorted, heads, tails, longest: sorted[0]?.length ?? 0 };
}

/** Replaces the longest prefix of any secret that ends right at a cut mark (what truncation leaves). */
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

/** Replaces the longest tail of any secret that starts the text or follows a `…` (a text cut from the front). */
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

function redactPrepared(text: string, prepared: Prepared): string {
  let out = text;
  for (const secret of prepared.sorted) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  out = redactLeadingFragment(redactFragments(out, prepared), prepared);
  return out.replace(AUTH_BEARER, `$1 ${REDACTED}`);
}

/**
 * Replaces each of `secrets` (and any authorization bearer credential) in `text` with `<redacted>`.
 * Pass `secretVariants(keys)` to also catch the encoded forms of the keys.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  return redactPrepared(text, prepare(secrets));
}

/** A function that redacts `secrets` in every encoding from a text (variants computed once). */
export function textRedactor(secrets: readonly string[]): (text: string) => string {
  const prepared = prepare(secretVariants(secrets));
  return (text) => redactPrepared(text, prepared);
}

/**
 * A deep copy of a JSON-like value with every string (and key) redacted, before any escaping or truncation
 * happens. Iterative, so a hostile, deeply nested value cannot overflow the stack.
 */
export function redactValue<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const redact = textRedactor(secrets);
  const root: { v: unknown } = { v: value };
  const stack: Array<{ from: unknown; into: Record<string, unknown> | unknown[]; key: string | number }> = [
    { from: value, into: root as unknown as Record<string, unknown>, key: "v" },
  ];
  while (stack.length > 0) {
    const { from, into, key } = stack.pop()!;
    let copy: unknown = from;
    if (typeof from === "string") copy = redact(from);
    else if (Array.isArray(from)) {
      const arr: unknown[] = new Array(from.length);
      for (let i = 0; i < from.length; i++) stack.push({ from: from[i], into: arr, key: i });
      copy = arr;
    } else if (from !== null && typeof from === "object") {
      const obj: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(from)) {
        const name = redact(k);
        obj[name] = undefined; // keeps the key order of the original
        stack.push({ from: x, into: obj, key: name });
      }
      copy = obj;
    }
    (into as Record<string | number, unknown>)[key] = copy;
  }
  return root.v as T;
}
