/** `extend` for entity reads: distinct extension names, at most 4 (Endpoints / GET /entities/{id}). */
import fc from "fast-check";
import { EXTENSION_NAMES } from "./bounds.js";

/** Any subset of the four extensions, in any order (distinct by construction). */
export function extendList(): fc.Arbitrary<string[]> {
  return fc.shuffledSubarray<string>([...EXTENSION_NAMES]);
}
