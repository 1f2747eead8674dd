/**
 * Generation of `cbcheck-node-id` (contract/node-id-format.ts): ids of the contract's form that a target
 * most likely does not hold — `cb:org:9dddddddd`, and `cb:<type>:<key>` with a plain key of any characters
 * for the types whose key format the contract does not show. "Unknown input ids are not an error: they are
 * listed in `coverage.missing`" (Resources / Identifiers), so each must be served with 200. `identity` keys
 * are not generated: its influencer form is shown, so another key could fairly be refused. Known ids come
 * from the target's fixtures (overrides.ts).
 */
import fc from "fast-check";
import { NODE_TYPES } from "../../contract/vocabulary.js";
import { CHARACTER_CLASSES, textOfLength } from "../text-units.js";
import { type FormatGenerator, type FormValue, fitting } from "./format-generator.js";
import { plainText } from "./plain-text.js";

/** Types whose key format is not shown (all but `org`, 9 digits, and `identity`). */
const OPEN_KEY_TYPES = NODE_TYPES.filter((t) => t !== "org" && t !== "identity");

/** `cb:org:9dddddddd`: the leading 9 keeps them away from the usual fixture numbers. */
const MISSING_ORG_IDS = fc.stringMatching(/^[0-9]{8}$/).map((digits) => `cb:org:9${digits}`);

/** The i-th deterministic padding id, for cases that need many distinct ids (i < 10^8). */
export function paddingOrgId(i: number): string {
  return `cb:org:9${String(i).padStart(8, "0")}`;
}

/** `cb:<type>:<key>` of `min`..`max` characters in all, the key plain text of any characters. */
function unknownNodeId(min: number, max: number): fc.Arbitrary<string> {
  return fc.constantFrom(...OPEN_KEY_TYPES).chain((type) => {
    const prefix = `cb:${type}:`;
    // The prefix is ASCII: one character per unit.
    const keyMax = max - prefix.length;
    return plainText.arbitrary(Math.max(1, min - prefix.length), keyMax).map((key) => `${prefix}${key}`);
  });
}

const { astral, cjk, reserved } = CHARACTER_CLASSES;
/** A person id of exactly `n` characters, its key of `chars`. */
const personId = (n: number, chars: readonly string[]) => `cb:person:${textOfLength(n - 10, chars)}`;

/** Node id arbitraries by bounds: made once each. */
const BY_BOUNDS = new Map<string, fc.Arbitrary<string>>();

/** Generation of node ids. */
export const nodeId: FormatGenerator = {
  arbitrary(min, max) {
    const key = `${min}:${max}`;
    let arb = BY_BOUNDS.get(key);
    if (!arb) {
      arb = max < 16 ? MISSING_ORG_IDS : fc.oneof(MISSING_ORG_IDS, unknownNodeId(min, max));
      BY_BOUNDS.set(key, arb);
    }
    return arb;
  },
  inside(min, max) {
    const forms: FormValue[] = [
      { value: paddingOrgId(1), label: "organisation id (unknown)" },
      { value: "cb:person:cbcheck-unknown", label: "person id (unknown)" },
      { value: personId(max, astral), label: `at maxLength ${max} (astral key)` },
      { value: personId(max - 1, cjk), label: `one below maxLength ${max} (CJK key)` },
      { value: `cb:person:${reserved.join("")}`, label: "key of reserved URL characters" },
      { value: "cb:person:%2F%3F%23%25", label: "key that looks percent-encoded" },
    ];
    return fitting(forms, min, max);
  },
  outside(min, max) {
    const forms: FormValue[] = [
      { value: "abc".padEnd(Math.max(3, min), "c"), label: "not a node id" },
      { value: "cb:org:12345678", label: "organisation key of 8 digits" },
      { value: "cb:org:ABCDEFGHI", label: "organisation key not digits" },
      { value: "cb:no_such_type:x", label: "type the contract does not name" },
      { value: "cb:person:   ", label: "blank key" },
      { value: "cb:person:a\u0000b", label: "control character in the key" },
    ];
    return fitting(forms, min, max);
  },
  leeway: () => [],
};
