import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactSecrets, secretVariants } from "./redact.js";

describe("redactSecrets", () => {
  it("replaces every occurrence of every secret", () => {
    expect(redactSecrets("k=abcd1234 and again abcd1234", ["abcd1234"])).toBe(
      "k=<redacted> and again <redacted>",
    );
  });

  it("replaces bearer credentials in authorization headers even when the secret is unknown", () => {
    expect(redactSecrets("Authorization: Bearer xyz.987", [])).toBe("Authorization: Bearer <redacted>");
    expect(redactSecrets('{"authorization": "Bearer tok_1"}', [])).toBe(
      '{"authorization": "Bearer <redacted>"}',
    );
    expect(redactSecrets("Authorization: Bearer <redacted>", [])).toBe("Authorization: Bearer <redacted>");
  });

  it("leaves prose about bearer authentication alone", () => {
    const text = "Every operation uses HTTP bearer authentication";
    expect(redactSecrets(text, [])).toBe(text);
  });

  it("finds secrets in their escaped forms too", () => {
    const secret = 'k&<"ey>/1';
    const html = `<td>${secret.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")}</td>`;
    const json = JSON.stringify({ k: secret });
    for (const text of [html, json, encodeURIComponent(secret)]) {
      expect(redactSecrets(text, secretVariants([secret]))).not.toMatch(/ey/);
    }
  });

  it("never leaves a secret in any text", () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 4 }), fc.string(), (pre, secret, post) => {
        expect(redactSecrets(pre + secret + post, [secret])).not.toContain(secret);
      }),
    );
  });
});
