/**
 * Characters for bounded strings. The contract bounds strings in characters ("1 to 300 characters"), which
 * JSON Schema and cbcheck count as Unicode code points: every unit below is exactly one code point, so a string
 * of n units has n characters however many UTF-16 units or UTF-8 bytes it takes.
 */
import fc from "fast-check";
import { TextArbitrary } from "./text-arbitrary.js";
import { WeightedCharArbitrary } from "./text-unit-arbitrary.js";

/**
 * Plain CJK characters above the surrogates (U+E000 up: half-width katakana, U+FF71–U+FF7A), one UTF-16 unit
 * each: a counter that takes every unit from U+D800 up for half of a surrogate pair counts them as fewer.
 * Not private use (U+E000–U+F8FF) nor compatibility ideographs (which NFC changes): plain text in NFC.
 */
export const ABOVE_SURROGATES: readonly string[] = [..."ｱｲｳｴｵｶｷｸｹｺ"];
/** What the characters of ABOVE_SURROGATES are, for labels. */
export const ABOVE_LABEL = "half-width kana, above the surrogates: 1 UTF-16 unit each";

/** Named classes of characters a run sends, so a report can say which ones it tried. */
export const CHARACTER_CLASSES = {
  /** Printable ASCII letters and digits. */
  ascii: [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"],
  /** Letters outside ASCII (two UTF-8 bytes): Norwegian, German, French. */
  latin: [..."æøåÆØÅäöüßéèçñ"],
  /** CJK ideographs and kana (three UTF-8 bytes, one UTF-16 unit). */
  cjk: [..."東京株式会社日本中国語カタカナ한국"],
  /** Astral-plane characters (four UTF-8 bytes, two UTF-16 units): emoji and a Gothic letter. */
  astral: ["😀", "🚀", "🏢", "👍", "𝔸", "𐍈", "🦊"],
  /** Combining marks: one code point each, drawn on the character before. */
  combining: ["\u0301", "\u0308", "\u030A", "\u0327"],
  /** Characters that URLs and query strings reserve, and quotes: they must arrive percent-decoded, intact. */
  reserved: [..."%/?#+&=;:@ \"'<>[]{}|\\^`,~!$*()"],
} as const;

/** One of CHARACTER_CLASSES. */
export type CharacterClass = keyof typeof CHARACTER_CLASSES;

/** The class names in sorted order: bit `i` of a class mask (characterClassMask) stands for `CLASS_NAMES[i]`. */
export const CLASS_NAMES: readonly CharacterClass[] = (
  Object.keys(CHARACTER_CLASSES) as CharacterClass[]
).sort();
const BIT = new Map(CLASS_NAMES.map((name, i) => [name, 1 << i]));
const ALL = (1 << CLASS_NAMES.length) - 1;

/** The class bit of each listed code point above ASCII (by code point: no one-character strings). */
const BIT_OF_CODE = new Map<number, number>();
for (const [name, chars] of Object.entries(CHARACTER_CLASSES) as [CharacterClass, readonly string[]][]) {
  for (const c of chars) BIT_OF_CODE.set(c.codePointAt(0) ?? 0, BIT.get(name) ?? 0);
}
/** The class bit of each ASCII code unit: letters and digits are `ascii`, every other one `reserved`. */
const ASCII_BIT: number[] = Array.from(
  { length: 0x80 },
  (_, unit) => BIT.get(/[A-Za-z0-9]/.test(String.fromCharCode(unit)) ? "ascii" : "reserved") ?? 0,
);

/** The lists textUnit draws from, with their weights. */
const UNIT_LISTS: readonly [CharacterClass, number][] = [
  ["ascii", 6],
  ["latin", 2],
  ["cjk", 2],
  ["astral", 2],
  ["combining", 1],
  ["reserved", 2],
];

/**
 * One code point from any class; ASCII weighted so that most text still reads like a name. Drawn as
 * `fc.oneof` of one `fc.constantFrom` per class would draw it (text-unit-arbitrary.ts), only cheaper.
 */
export function textUnit(): WeightedCharArbitrary {
  return new WeightedCharArbitrary(
    UNIT_LISTS.map(([name, weight]) => ({ chars: CHARACTER_CLASSES[name], weight })),
  );
}

/** boundedText's arbitraries by range: an unknown id builds one per draw (inside a `chain`). */
const BOUNDED = new Map<string, fc.Arbitrary<string>>();

/**
 * Text of `min`..`max` code points, biased towards both ends of the range: short values, and values at or
 * just under `max` (where a server that counts UTF-16 units or bytes goes wrong).
 */
export function boundedText(min: number, max: number): fc.Arbitrary<string> {
  const key = `${min}:${max}`;
  let arb = BOUNDED.get(key);
  if (arb) return arb;
  // Drawn as whole strings (text-arbitrary.ts), shrunk as arrays of units.
  const unit = textUnit();
  const of = (lo: number, hi: number) => new TextArbitrary(unit, lo, hi);
  // Exactly `max` as often as just under it: the bound itself is the value most worth sending.
  const nearMax = fc.oneof(of(max, max), of(Math.max(min, max - 2), max));
  const short = of(min, Math.min(max, min + 24));
  arb = fc.oneof({ arbitrary: short, weight: 3 }, { arbitrary: nearMax, weight: 1 });
  BOUNDED.set(key, arb);
  return arb;
}

/** Number of characters (code points) of a string, as the contract and JSON Schema count them. */
export function characterCount(text: string): number {
  // UTF-16 units less one per surrogate pair: what `for…of` counts, without iterating code points (hot path).
  let n = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** The class bit of a code point above ASCII outside the lists, by its kind (a lone surrogate reads as latin). */
function bitOfOther(code: number): number {
  if (code > 0xffff) return BIT.get("astral") ?? 0;
  const c = String.fromCharCode(code);
  if (/\p{M}/u.test(c)) return BIT.get("combining") ?? 0;
  return BIT.get(/[\u3000-\u9fff\uac00-\ud7af\uff61-\uffdc]/.test(c) ? "cjk" : "latin") ?? 0;
}

/**
 * The character classes present in `text` from index `from` on, as a mask over CLASS_NAMES. By code unit,
 * not `for…of`, and no Set (hot path: every generated id and query is classed); stops once all are found.
 */
export function characterClassMask(text: string, from = 0): number {
  let mask = 0;
  for (let i = from; i < text.length && mask !== ALL; i++) {
    let code = text.charCodeAt(i);
    if (code <= 0x7f) {
      mask |= ASCII_BIT[code];
      continue;
    }
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        code = (code - 0xd800) * 0x400 + (next - 0xdc00) + 0x10000;
        i++;
      }
    }
    mask |= BIT_OF_CODE.get(code) ?? bitOfOther(code);
  }
  return mask;
}

/** The class names of a mask, sorted. */
export function classNamesOf(mask: number): CharacterClass[] {
  return CLASS_NAMES.filter((_, i) => (mask & (1 << i)) !== 0);
}

/** The character classes present in a string (code points outside the lists are placed by their kind). */
export function characterClassesOf(text: string): Set<CharacterClass> {
  return new Set(classNamesOf(characterClassMask(text)));
}

/** `n` code points cycling through `chars`: a deterministic string of exactly `n` characters. */
export function textOfLength(n: number, chars: readonly string[]): string {
  return Array.from({ length: n }, (_, i) => chars[i % chars.length]).join("");
}
