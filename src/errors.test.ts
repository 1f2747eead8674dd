import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HARNESS_ERROR_CODES, HarnessError } from "./errors.js";

const DOC = readFileSync(new URL("../docs/exit-codes.md", import.meta.url), "utf8");

describe("harness error codes", () => {
  it("lists every code in docs/exit-codes.md with its condition, and no other", () => {
    const documented = [...DOC.matchAll(/^\| `(CB_[A-Z_]+)` \| (.+) \|$/gm)];
    expect(documented.map((m) => m[1])).toEqual(Object.keys(HARNESS_ERROR_CODES));
    for (const [, code, condition] of documented) {
      expect(condition).toBe(HARNESS_ERROR_CODES[code as keyof typeof HARNESS_ERROR_CODES]);
    }
  });

  it("keeps its code on the error", () => {
    const err = new HarnessError("CB_NO_KEY", "no API key");
    expect(err).toMatchObject({ name: "HarnessError", code: "CB_NO_KEY", message: "no API key" });
    // @ts-expect-error: a code outside the union does not compile.
    expect(new HarnessError("CB_NO_SUCH_CODE", "x").code).toBe("CB_NO_SUCH_CODE");
  });
});
