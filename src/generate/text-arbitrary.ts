/**
 * Text of `min`..`max` characters drawn as one string: the length, then one random draw per character
 * (WeightedCharArbitrary.draw), with no `fc.Value` per character and no array in between. Long generated
 * keys (up to 300 characters) were the hot path of request generation as `fc.array(unit).map(join)`.
 * Shrinking is that array's: a value is split into its code points (every unit is exactly one) and shrunk
 * as `fc.array(unit)` shrinks it (shorter first, then character by character), so counterexamples still
 * shrink to short, plain text.
 */
import fc from "fast-check";
import type { WeightedCharArbitrary } from "./text-unit-arbitrary.js";

/** The arbitrary of text from one unit arbitrary (see the file comment). */
export class TextArbitrary extends fc.Arbitrary<string> {
  readonly #unit: WeightedCharArbitrary;
  readonly #length: fc.Arbitrary<number>;
  readonly #array: fc.Arbitrary<string[]>;

  constructor(unit: WeightedCharArbitrary, min: number, max: number) {
    super();
    this.#unit = unit;
    this.#length = fc.integer({ min, max });
    this.#array = fc.array(unit, { minLength: min, maxLength: max, size: "max" });
  }

  /** The length as fc.integer draws it (biased towards the ends when fast-check biases), then the characters. */
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<string> {
    const length = this.#length.generate(mrng, biasFactor).value;
    // Joined once (a flat string) rather than grown by `+=` (a rope of hundreds of nodes, then flattened).
    const units: string[] = new Array(length);
    const span = this.#unit.span;
    let i = 0;
    if (span > 0 && span * span <= 2 ** 32) {
      // Two characters from one 32-bit draw: uniform over span², so each is uniform over span, independently.
      for (; i + 1 < length; i += 2) {
        const r = mrng.nextInt(0, span * span - 1);
        units[i] = this.#unit.charAt(r % span);
        units[i + 1] = this.#unit.charAt(Math.floor(r / span));
      }
    }
    for (; i < length; i++) units[i] = this.#unit.draw(mrng);
    return new fc.Value(units.join(""), undefined);
  }

  canShrinkWithoutContext(value: unknown): value is string {
    return typeof value === "string" && this.#array.canShrinkWithoutContext([...value]);
  }

  /** The array's shrinks, joined; its context is carried along so later steps shrink as the array would. */
  shrink(value: string, context: unknown): fc.Stream<fc.Value<string>> {
    return this.#array.shrink([...value], context).map((v) => new fc.Value(v.value.join(""), v.context));
  }
}
