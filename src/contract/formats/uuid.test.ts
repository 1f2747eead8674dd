import { fullFormats } from "ajv-formats/dist/formats.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isUuid } from "./uuid.js";

const ajvUuid = fullFormats.uuid as RegExp;

describe("UUID textual form (RFC 9562 §4)", () => {
  it.each([
    ["urn:uuid:123e4567-e89b-12d3-a456-426614174000", "the URN of a UUID, not its string representation"],
    ["URN:UUID:123e4567-e89b-12d3-a456-426614174000", "the same, upper case"],
  ])("refuses %j, which ajv-formats accepts: %s", (text) => {
    expect(ajvUuid.test(text)).toBe(true);
    expect(isUuid(text)).toBe(false);
  });

  it("accepts every version and variant, in either case", () => {
    fc.assert(
      fc.property(fc.uuid({ version: [1, 2, 3, 4, 5, 6, 7, 8] }), fc.boolean(), (uuid, isUpper) => {
        expect(isUuid(isUpper ? uuid.toUpperCase() : uuid)).toBe(true);
      }),
      { numRuns: 200 },
    );
    for (const text of ["00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"])
      expect(isUuid(text)).toBe(true);
  });

  it("refuses other shapes", () => {
    for (const text of [
      "123e4567e89b12d3a456426614174000",
      "{123e4567-e89b-12d3-a456-426614174000}",
      "123e4567-e89b-12d3-a456-42661417400",
      "123e4567-e89b-12d3-a456-4266141740000",
      "123e4567-e89b-12d3-a456_426614174000",
      "g23e4567-e89b-12d3-a456-426614174000",
      "123e4567-e89b-12d3-a456-426614174000\n",
    ])
      expect(isUuid(text), text).toBe(false);
  });
});
