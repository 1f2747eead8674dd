import { describe, expect, it } from "vitest";
import { headerSecrets, parseHeader } from "./extra-headers.js";

describe("parseHeader (--header NAME:VALUE)", () => {
  it("reads the name (lower-cased) and the value after the first colon; a repeat of a name replaces it", () => {
    let headers = parseHeader("X-Tenant: acme");
    headers = parseHeader("X-Route:eu-1:blue", headers);
    headers = parseHeader("x-tenant:other", headers);
    expect(headers).toEqual([
      { name: "x-route", value: "eu-1:blue", isSecret: false },
      { name: "x-tenant", value: "other", isSecret: false },
    ]);
  });

  it("takes a credential-like name for a secret", () => {
    for (const name of [
      "X-Api-Key",
      "X-Auth-Token",
      "Cookie",
      "Proxy-Authorization",
      "X-Client-Secret",
      "X-Session",
    ])
      expect(parseHeader(`${name}: v`)[0].isSecret, name).toBe(true);
    for (const name of ["X-Tenant", "X-Route", "X-Request-Origin"])
      expect(parseHeader(`${name}: v`)[0].isSecret, name).toBe(false);
    expect(headerSecrets(parseHeader("x-api-key: s3cr3t", parseHeader("x-tenant: a")))).toEqual(["s3cr3t"]);
  });

  it("refuses what is not NAME:VALUE, a header cbcheck sets or judges, and a line break, without quoting the value", () => {
    expect(() => parseHeader("no-colon")).toThrow(/--header must be NAME:VALUE/);
    // A key given without its name (or with a space for the colon) is not quoted back.
    expect(() => parseHeader("X-Api-Key sk_live_0123456789")).toThrow(/^((?!sk_live).)*$/i);
    expect(() => parseHeader("bad name: v")).toThrow(/--header must be NAME:VALUE/);
    for (const name of ["Authorization", "Host", "Content-Type", "Accept-Encoding", "Content-Length"])
      expect(() => parseHeader(`${name}: x`), name).toThrow(/cbcheck sets this header itself/);
    expect(() => parseHeader("x-api-key: abc\r\nx-evil: 1")).toThrow(/line break/);
    try {
      parseHeader("x-api-key: top-secret\n");
    } catch (error) {
      expect((error as Error).message).not.toContain("top-secret");
    }
  });
});
