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
  it("keeps a Bearer $NAME that names an environment variable (no key in it), redacts a token after it", () => {
    expect(redactSecrets('-H "Authorization: Bearer $CB_API_KEY"', [])).toBe(
      '-H "Authorization: Bearer $CB_API_KEY"',
    );
    expect(redactSecrets("Authorization: Bearer $CB_API_KEYabc-123.x", [])).toBe(
      "Authorization: Bearer <redacted>",
    );
  });
  it("keeps JSON text valid when the header sits in a JSON-escaped string", () => {
    const json = JSON.stringify({
      curl: 'curl -H "Authorization: Bearer abc123" -H "Authorization: Bearer $CB_API_KEY"',
    });
    const out = redactSecrets(json, []);
    expect(JSON.parse(out).curl).toBe(
      'curl -H "Authorization: Bearer <redacted>" -H "Authorization: Bearer $CB_API_KEY"',
    );
  });
});
