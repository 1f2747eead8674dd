import { describe, expect, it } from "vitest";
import { appliedCodings } from "../../transport/decode-coding.js";
import { isCodingAccepted } from "./content-coding.js";

describe("content-coding negotiation (RFC 9110 §12.5.3)", () => {
  it("accepts every coding without the field, and only identity with an empty one", () => {
    expect(isCodingAccepted("gzip", undefined)).toBe(true);
    expect(isCodingAccepted("gzip", "")).toBe(false);
    expect(isCodingAccepted("identity", "")).toBe(true);
  });

  it("accepts listed codings with a weight above 0, `*` for the others, identity unless refused", () => {
    const cases: [string, string, boolean][] = [
      ["gzip", "identity", false],
      ["gzip", "gzip", true],
      ["x-gzip", "gzip", true],
      ["gzip", "x-gzip", true],
      ["GZIP", "br, gzip;q=0.5", true],
      ["gzip", "gzip;q=0", false],
      ["gzip", "*", true],
      ["gzip", "*;q=0", false],
      ["gzip", "gzip;q=0, *", false],
      ["br", "gzip, *;q=0.1", true],
      ["identity", "gzip", true],
      ["identity", "identity;q=0", false],
      ["identity", "*;q=0", false],
      ["identity", "identity, *;q=0", true],
    ];
    for (const [coding, field, accepted] of cases)
      expect(isCodingAccepted(coding, field), `${coding} / ${field}`).toBe(accepted);
  });

  it("lists the applied codings, identity left out", () => {
    expect(appliedCodings(undefined)).toEqual([]);
    expect(appliedCodings("identity")).toEqual([]);
    expect(appliedCodings("GZIP, br")).toEqual(["gzip", "br"]);
  });
});
