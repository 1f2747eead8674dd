/** Random company-like names for `query` (Endpoints / GET /resolve: "string; 1 to 300 characters"). */
import fc from "fast-check";
import { BOUNDS } from "./bounds.js";

const LETTERS = [..."abcdefghijklmnopqrstuvwxyzæøåABCDEFGHIJKLMNOPQRSTUVWXYZÆØÅ0123456789-&.'"];
const SUFFIXES = ["", " AS", " ASA", " ANS", " DA", " SA", " ENK", " STIFTELSE"];

/** A word of letters (BMP only, so JS length equals the contract's character count). */
const word = fc.string({ unit: fc.constantFrom(...LETTERS), minLength: 1, maxLength: 24 });

/** Names built from words and a company-form suffix, or any printable text, always 1..300 characters. */
export function companyName(): fc.Arbitrary<string> {
  const { min, max } = BOUNDS.queryLength;
  const words = fc
    .tuple(fc.array(word, { minLength: 1, maxLength: 6 }), fc.constantFrom(...SUFFIXES))
    .map(([ws, suffix]) => `${ws.join(" ")}${suffix}`);
  const printable = fc.string({ unit: "grapheme-ascii", minLength: min, maxLength: max, size: "max" });
  return fc.oneof({ arbitrary: words, weight: 3 }, { arbitrary: printable, weight: 1 });
}
