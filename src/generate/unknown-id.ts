/**
 * Unknown node ids of every shape the contract allows: `cb:<type>:<key>` (Resources / Identifiers) with a
 * node type from the contract's lists and a key of any characters — reserved URL characters, quotes,
 * multi-byte and astral letters, combining marks. "Unknown input ids are not an error: they are listed in
 * `coverage.missing`", so each must be served with 200. Organisation keys are "exactly 9 digits" and come
 * from missingOrgId(); a key of any other shape there could fairly be refused as a wrong format.
 */
import fc from "fast-check";
import { NODE_TYPES } from "../contract/vocabulary.js";
import { BOUNDS } from "./bounds.js";
import { boundedText } from "./text-units.js";

/**
 * Node types whose key format the contract does not show: all but `org` (9 digits) and `identity` (whose
 * influencer form `cb:identity:<network>:<username>` is shown, so another key could be a wrong format).
 */
const OPEN_KEY_TYPES = NODE_TYPES.filter((t) => t !== "org" && t !== "identity");

/** `cb:<type>:<key>`, 3..300 characters in all, the key made of any characters. */
export function unknownNodeId(): fc.Arbitrary<string> {
  return fc.constantFrom(...OPEN_KEY_TYPES).chain((type) => {
    const prefix = `cb:${type}:`;
    // The key leaves room for the prefix under the id bound; the prefix is ASCII, one character per unit.
    return boundedText(1, BOUNDS.idLength.max - prefix.length).map((key) => `${prefix}${key}`);
  });
}
