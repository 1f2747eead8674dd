/**
 * Where in a text the keys of a `Redactor` stand: every form of every key (src/secret-forms.ts) indexed by its
 * anchor, grown one key at a time (the proxy learns keys as its clients call, so adding one must not redo the
 * others). A few keys are found with one `indexOf` per anchor; many (a client spraying keys at the proxy) with
 * one pass over the text per anchor length, so the cost of a text never grows with the number of keys.
 */
import { secretForms } from "./secret-forms.js";

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

/** Up to this many anchors a text is searched with `indexOf` per anchor; past it, window by window. */
const INDEXOF_ANCHORS = 256;

/** A span `[start, end)` of a text that holds a key. */
export type Span = [number, number];

/** The forms of the known keys, by anchor, and their heads and tails for cut pieces. */
export class SecretIndex {
  /** Anchor → whole form → whether a prefix of it may read as a word (readable forms). */
  readonly #byAnchor = new Map<string, Map<string, boolean>>();
  /** The anchors' lengths, and their first two characters (a cheap test before a window is looked up). */
  readonly #lengths = new Set<number>();
  readonly #starts = new PairSet();
  /** Whole forms by their first MIN_FRAGMENT_LENGTH characters, so that a cut is checked in one pass. */
  readonly #heads = new Map<string, string[]>();
  /** Whole forms by their last MIN_FRAGMENT_LENGTH characters (a text cut from the front keeps a tail). */
  readonly #tails = new Map<string, string[]>();
  /** The first two characters of the keys of `#heads` and `#tails` (a cheap test before a slice). */
  readonly #headStarts = new PairSet();
  readonly #tailStarts = new PairSet();
  #shortest = Number.POSITIVE_INFINITY;
  /** The longest anchor: a longer head left at a cut holds its anchor and is a span already. */
  #longestAnchor = 0;
  #longest = 0;

  /** Indexes every form of `key`. */
  add(key: string): void {
    for (const { text, anchor, isReadable } of secretForms(key)) {
      const forms = this.#byAnchor.get(anchor) ?? new Map<string, boolean>();
      forms.set(text, forms.get(text) === true || isReadable);
      this.#byAnchor.set(anchor, forms);
      this.#lengths.add(anchor.length);
      this.#starts.add(anchor, 0);
      this.#shortest = Math.min(this.#shortest, anchor.length);
      this.#longestAnchor = Math.max(this.#longestAnchor, anchor.length);
      this.#longest = Math.max(this.#longest, text.length);
      if (text.length <= MIN_FRAGMENT_LENGTH) continue;
      push(this.#heads, text.slice(0, MIN_FRAGMENT_LENGTH), text);
      push(this.#tails, text.slice(-MIN_FRAGMENT_LENGTH), text);
      this.#headStarts.add(text, 0);
      this.#tailStarts.add(text, text.length - MIN_FRAGMENT_LENGTH);
    }
  }

  /** The spans of `text` that hold a whole form or a prefix of one (unsorted, may overlap). */
  spans(text: string): Span[] {
    const spans: Span[] = [];
    if (text.length < this.#shortest) return spans;
    if (this.#byAnchor.size <= INDEXOF_ANCHORS) {
      for (const [anchor, forms] of this.#byAnchor) {
        let at = text.indexOf(anchor);
        while (at !== -1) {
          const end = matchEnd(text, at, anchor.length, forms);
          if (end !== -1) spans.push([at, end]);
          at = text.indexOf(anchor, end !== -1 ? end : at + 1);
        }
      }
      return spans;
    }
    for (let at = 0; at + this.#shortest <= text.length; at++) {
      if (!this.#starts.has(text, at)) continue;
      for (const length of this.#lengths) {
        const forms =
          at + length <= text.length ? this.#byAnchor.get(text.slice(at, at + length)) : undefined;
        const end = forms ? matchEnd(text, at, length, forms) : -1;
        if (end !== -1) spans.push([at, end]);
      }
    }
    return spans;
  }

  /** Replaces the longest head of any form that ends right at a cut mark (what truncation leaves). */
  redactHeads(text: string, replacement: string): string {
    if (this.#heads.size === 0) return text;
    const cuts = cutsOf(text);
    let out = text;
    // Right to left, so earlier cut positions stay valid while later ones are rewritten.
    for (const cut of cuts.reverse()) {
      // Leftmost start first: the longest fragment wins.
      for (let start = Math.max(0, cut - this.#longestAnchor); start <= cut - MIN_FRAGMENT_LENGTH; start++) {
        if (!this.#headStarts.has(out, start)) continue;
        const candidates = this.#heads.get(out.slice(start, start + MIN_FRAGMENT_LENGTH));
        const piece = candidates && out.slice(start, cut);
        if (
          piece &&
          isSecretFragment(piece) &&
          candidates.some((s) => s.length > piece.length && s.startsWith(piece))
        ) {
          out = `${out.slice(0, start)}${replacement}${out.slice(cut)}`;
          break;
        }
      }
    }
    return out;
  }

  /** Replaces the longest tail of any form that starts the text or follows a `…` (a text cut from the front). */
  redactTails(text: string, replacement: string): string {
    if (this.#tails.size === 0) return text;
    const starts = [0];
    for (let at = text.indexOf("…"); at !== -1; at = text.indexOf("…", at + 1)) starts.push(at + 1);
    let out = text;
    for (const start of starts.reverse()) {
      for (
        let end = Math.min(out.length, start + this.#longest - 1);
        end >= start + MIN_FRAGMENT_LENGTH;
        end--
      ) {
        if (!this.#tailStarts.has(out, end - MIN_FRAGMENT_LENGTH)) continue;
        const candidates = this.#tails.get(out.slice(end - MIN_FRAGMENT_LENGTH, end));
        const piece = candidates && out.slice(start, end);
        if (
          piece &&
          isSecretFragment(piece) &&
          candidates.some((s) => s.length > piece.length && s.endsWith(piece))
        ) {
          out = `${out.slice(0, start)}${replacement}${out.slice(end)}`;
          break;
        }
      }
    }
    return out;
  }
}

function push(map: Map<string, string[]>, key: string, form: string): void {
  const list = map.get(key);
  if (list) list.push(form);
  else map.set(key, [form]);
}

/**
 * A lossy set of two-character starts: `has` may say yes to a start never added (then a slice and a map
 * lookup decide), never no to one that was. A bitmap: no allocation and no hashing per test.
 */
class PairSet {
  readonly #bits = new Uint8Array(1 << 16);

  add(text: string, at: number): void {
    this.#bits[pairHash(text, at)] = 1;
  }

  has(text: string, at: number): boolean {
    return this.#bits[pairHash(text, at)] === 1;
  }
}

function pairHash(text: string, at: number): number {
  return ((text.charCodeAt(at) << 8) ^ (text.charCodeAt(at + 1) || 0)) & 0xffff;
}

/** Where a shortened value was cut: after our own `…` notes and `...`, and at the end of the text. */
function cutsOf(text: string): number[] {
  const cuts: number[] = [];
  for (const mark of ["…", "..."])
    for (let at = text.indexOf(mark); at !== -1; at = text.indexOf(mark, at + 1)) cuts.push(at);
  cuts.sort((a, b) => a - b);
  cuts.push(text.length);
  return cuts;
}

/**
 * Where the longest key at `at` ends (its anchor, `known` characters, stands there), or -1: a whole form, any
 * prefix of an unreadable form (hex, base64: no word looks like one), a prefix of a readable one that is no word.
 */
function matchEnd(text: string, at: number, known: number, forms: ReadonlyMap<string, boolean>): number {
  let end = -1;
  for (const [form, isReadable] of forms) {
    let n = known;
    while (n < form.length && text.charCodeAt(at + n) === form.charCodeAt(n)) n++;
    if (n === form.length || !isReadable || isSecretFragment(text.slice(at, at + n)))
      end = Math.max(end, at + n);
  }
  return end;
}
