/**
 * One character drawn from weighted lists, as `fc.oneof({ arbitrary: fc.constantFrom(...list), weight }, …)`
 * draws it — the same two random draws, the same values, the same shrinks (towards the first character of
 * the chosen list) — without the two nested arbitraries and their per-value wrapping. A long generated key
 * is hundreds of these: it is the hot path of request generation (text-unit-arbitrary.test.ts holds the two
 * to the same values and shrinks).
 */
import fc from "fast-check";

/** One weighted list of characters. */
export interface WeightedChars {
  chars: readonly string[];
  weight: number;
}

/**
 * Which list and which character of it a value came from (the shrink context), as one number: a long key
 * is hundreds of values, and a number allocates nothing.
 */
const drawn = (list: number, index: number): number => list * 0x10000 + index;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** The arbitrary of one character from weighted lists (see the file comment). */
export class WeightedCharArbitrary extends fc.Arbitrary<string> {
  readonly #lists: readonly WeightedChars[];
  readonly #cumulated: number[] = [];
  readonly #total: number;

  constructor(lists: readonly WeightedChars[]) {
    super();
    this.#lists = lists;
    let total = 0;
    for (const { weight } of lists) {
      total += weight;
      this.#cumulated.push(total);
    }
    this.#total = total;
    // One draw over total × lcm(list sizes) picks the list (by weight) and the character (uniform in the
    // list) with exactly generate()'s odds; only while that span stays an int32 range.
    const live = lists.filter((l) => l.weight > 0).map((l) => l.chars.length);
    const lcm = live.reduce((a, b) => (a * b) / gcd(a, b), 1);
    this.#lcm = lcm;
    this.#span = total * lcm <= 0x7fffffff ? total * lcm : 0;
  }

  readonly #lcm: number;
  readonly #span: number;

  /**
   * One character with the same odds as generate() in one random draw instead of two, and no `fc.Value`:
   * what a whole string drawn at once (TextArbitrary) needs. The values differ from generate()'s.
   */
  draw(mrng: fc.Random): string {
    if (this.#span === 0) return this.generate(mrng).value;
    return this.charAt(mrng.nextInt(0, this.#span - 1));
  }

  /** Size of the range `charAt` maps (0 when a draw cannot cover it in one int32 range). */
  get span(): number {
    return this.#span;
  }

  /** The character of `r`, uniform in `[0, span)`: its weight slot picks the list, its remainder the character. */
  charAt(r: number): string {
    const selected = Math.floor(r / this.#lcm);
    let list = 0;
    while (selected >= this.#cumulated[list]) list++;
    const chars = this.#lists[list].chars;
    return chars[(r % this.#lcm) % chars.length];
  }

  /** fc.oneof without a depth: one draw over the total weight, then one over the chosen list. */
  generate(mrng: fc.Random): fc.Value<string> {
    const selected = mrng.nextInt(0, this.#total - 1);
    let list = 0;
    while (selected >= this.#cumulated[list]) list++;
    const chars = this.#lists[list].chars;
    const index = chars.length === 1 ? 0 : mrng.nextInt(0, chars.length - 1);
    return new fc.Value(chars[index], drawn(list, index));
  }

  canShrinkWithoutContext(value: unknown): value is string {
    return this.#listOf(value) !== -1;
  }

  /** fc.constantFrom's shrink within the chosen list: to its first character, unless already there. */
  shrink(value: string, context: unknown): fc.Stream<fc.Value<string>> {
    const from = typeof context === "number" ? context : undefined;
    const list = from === undefined ? this.#listOf(value) : Math.floor(from / 0x10000);
    if (list === -1) return fc.Stream.nil();
    const first = this.#lists[list].chars[0];
    if ((from !== undefined && from % 0x10000 === 0) || Object.is(value, first)) return fc.Stream.nil();
    return fc.Stream.of(new fc.Value(first, drawn(list, 0)));
  }

  #listOf(value: unknown): number {
    return this.#lists.findIndex(({ weight, chars }) => weight !== 0 && chars.includes(value as string));
  }
}
