/**
 * Well-formed organisation ids (`cb:org:<9 digits>`, Resources / Identifiers) that are probably unknown:
 * "Unknown input ids are not an error: they are listed in coverage.missing".
 */
import fc from "fast-check";

/** `cb:org:9dddddddd`: the leading 9 keeps them away from the usual fixture numbers. */
export function missingOrgId(): fc.Arbitrary<string> {
  return fc.stringMatching(/^[0-9]{8}$/).map((digits) => `cb:org:9${digits}`);
}

/** The i-th deterministic padding id, for cases that need many distinct ids (i < 10^8). */
export function paddingOrgId(i: number): string {
  return `cb:org:9${String(i).padStart(8, "0")}`;
}
