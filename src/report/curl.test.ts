import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CURL_BODY_LIMIT, shellQuote, toCurl } from "./curl.js";

/** Lets bash parse the curl line and print its arguments, one per NUL-terminated record. */
function shellArgs(line: string): string[] {
  const out = execFileSync("bash", ["-c", `${line.replace(/^curl/, "printf '%s\\0'")}`], {
    encoding: "utf8",
  });
  return out.split("\0").slice(0, -1);
}

describe("toCurl", () => {
  it("builds a line the shell parses back into the same arguments", () => {
    const line = toCurl({
      method: "post",
      url: "http://127.0.0.1:1/v1/entities/batch?x='a b'",
      headers: { "content-type": "application/json", "content-length": "12" },
      body: `{"ids":["it's"],"q":"$HOME \`id\`"}`,
    });
    expect(shellArgs(line)).toEqual([
      "-X",
      "POST",
      "http://127.0.0.1:1/v1/entities/batch?x='a b'",
      "-H",
      "content-type: application/json",
      "--data-binary",
      `{"ids":["it's"],"q":"$HOME \`id\`"}`,
    ]);
  });

  it("never shows the key of an authorization header", () => {
    const line = toCurl({
      method: "GET",
      url: "http://h/v1/me",
      headers: { Authorization: "Bearer sk_123456" },
    });
    expect(line).not.toContain("sk_123456");
    expect(shellArgs(line)).toContain("Authorization: Bearer <redacted>");
  });

  it("cuts absurdly large bodies and says so", () => {
    const line = toCurl({ method: "POST", url: "http://h/", body: "a".repeat(10_000_000) });
    expect(line.length).toBeLessThan(CURL_BODY_LIMIT + 200);
    expect(line).toContain("# body truncated: 10000000 characters");
  });

  it("quotes any string so that the shell gives it back unchanged", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii" }), (s) => {
        fc.pre(!s.includes("\0"));
        expect(shellArgs(`curl ${shellQuote(s)}`)).toEqual([s]);
      }),
      { numRuns: 40 },
    );
  });
  it("reads the key from the environment variable it came from, double-quoted so the shell expands it", () => {
    const line = toCurl({
      method: "GET",
      url: "http://127.0.0.1:1/v1/me",
      headers: { authorization: "Bearer $CB_API_KEY" },
    });
    expect(line).toBe('curl -X GET http://127.0.0.1:1/v1/me -H "Authorization: Bearer $CB_API_KEY"');
    // Anything else in the header is never shown.
    expect(
      toCurl({ method: "GET", url: "http://x/", headers: { authorization: "Bearer sk_live_1" } }),
    ).toContain("Bearer <redacted>");
  });
});
