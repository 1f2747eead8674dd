import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Redactor, redactCredential } from "./redactor.js";
import { expectNoSecret, secretEncodings } from "./test-support/expect-no-secret.js";

const redactSecrets = (text: string, keys: readonly string[]) => new Redactor(keys).text(text);
const textRedactor = (keys: readonly string[]) => {
  const redactor = new Redactor(keys);
  return (text: string) => redactor.text(text);
};
const redactValue = <T>(value: T, keys: readonly string[]) => new Redactor(keys).value(value);

describe("Redactor", () => {
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
      expect(redactSecrets(text, [secret])).not.toMatch(/ey/);
    }
  });

  it("never leaves a secret in any text", () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 4 }), fc.string(), (pre, secret, post) => {
        expect(redactSecrets(pre + secret + post, [secret])).not.toContain(secret);
      }),
    );
  });

  it("finds a key echoed back base64-encoded, URL-encoded or JSON-escaped, alone or inside longer text", () => {
    const key = 'sk_live_Zq9+/Xy=ab&cd"ef';
    const redact = textRedactor([key]);
    const echoes = [
      Buffer.from(key).toString("base64"),
      Buffer.from(key).toString("base64url"),
      Buffer.from(`Bearer ${key}`).toString("base64"),
      Buffer.from(`x:${key}`).toString("base64"),
      Buffer.from(`xy:${key}!`).toString("base64"),
      encodeURIComponent(key),
      JSON.stringify(JSON.stringify({ auth: `Bearer ${key}` })),
    ];
    for (const echo of echoes) {
      const out = redact(`received: ${echo} end`);
      expect(out, echo).toContain("<redacted>");
      expect(out).not.toMatch(/Zq9|WnE5|c2tfbGl2ZV9acTkr/);
    }
  });

  it("replaces the head of a key left in front of a truncation mark", () => {
    const key = "sk_live_0123456789abcdef";
    const redact = textRedactor([key]);
    expect(redact(`{"auth":"sk_live_0123…`)).toBe(`{"auth":"<redacted>…`);
    expect(redact(`value sk_live_01`)).toBe("value <redacted>");
    // Heads shorter than six characters say nothing about the key and stay (ordinary words survive).
    expect(redact("sk_li…")).toBe("sk_li…");
    // A text cut from the front (the last 2,000 characters of a client's output) keeps the key's tail.
    expect(redact("456789abcdef was printed")).toBe("<redacted> was printed");
    expect(redact("… 9abcdef")).toBe("… 9abcdef");
    expect(redact("…89abcdef!")).toBe("…<redacted>!");
  });

  it("leaves ordinary words that a key starts or ends with, and still redacts the key and its cut pieces", () => {
    // Starts with a report field (`verdict`), ends with a status (`inconclusive`).
    const key = "verdict-Zq9x7Hq2k9ZpLm3x-inconclusive";
    const report = {
      verdict: "inconclusive",
      reason: "verdict withheld",
      results: [{ id: "run.suite_error", status: "inconclusive", message: `echoed ${key} back` }],
      notes: ["verdict", "inconclusive"],
    };
    const out = redactValue(report, [key]);
    expect(Object.keys(out)).toEqual(["verdict", "reason", "results", "notes"]);
    expect(out.verdict).toBe("inconclusive");
    expect(out.reason).toBe("verdict withheld");
    expect(out.results[0]).toEqual({
      id: "run.suite_error",
      status: "inconclusive",
      message: "echoed <redacted> back",
    });
    expect(out.notes).toEqual(["verdict", "inconclusive"]);
    const redact = textRedactor([key]);
    expect(redact(JSON.stringify(report))).not.toContain("Zq9x7Hq2k9ZpLm3x");
    expect(JSON.parse(redact(JSON.stringify(report))).verdict).toBe("inconclusive");
    // Cut pieces holding the key's random part are still replaced, at a cut mark or the start of a text.
    expect(redact(`{"auth":"verdict-Zq9x…`)).toBe(`{"auth":"<redacted>…`);
    expect(redact("Lm3x-inconclusive was printed")).toBe("<redacted> was printed");
    // A long word-like piece is no word a report holds: replaced too.
    const wordy = "plan-required-and-more-words-7Hq2k9";
    expect(textRedactor([wordy])("plan-required-and-more…")).toBe("<redacted>…");
    expect(textRedactor([wordy])("plan-required…")).toBe("plan-required…");
  });

  it("redacts a deeply nested value without recursion, keeping key order", () => {
    let deep: unknown = "secret-key-1";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const out = redactValue({ b: 1, a: deep, "secret-key-1": 2 }, ["secret-key-1"]);
    expect(Object.keys(out)).toEqual(["b", "a", "<redacted>"]);
    let inner: unknown = out.a;
    while (Array.isArray(inner)) inner = inner[0];
    expect(inner).toBe("<redacted>");
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

  it("finds a key as hex, in upper or lower case, percent- or \\u-escaped char by char, and any 8+ prefix of it", () => {
    const key = "cbk_plus_0f3a9c2e7d15b8a4";
    const redact = textRedactor([key]);
    for (const [name, form] of Object.entries(secretEncodings(key))) {
      const out = redact(`{"echo":"${form}","n":1}`);
      expect(out, name).toContain("<redacted>");
      expectNoSecret(out, key, name);
    }
    // A 16-character prefix, in every encoding, inside longer text.
    for (const [name, form] of Object.entries(secretEncodings(key.slice(0, 16)))) {
      expectNoSecret(redact(`echo=${form}&more`), key, `prefix, ${name}`);
    }
  });

  it("finds a key inside a Basic credential, as user:key or key:, at every alignment", () => {
    const key = "Zq9x7Hq2k9ZpLm3xWw";
    const redact = textRedactor([key]);
    for (const user of ["", "a", "ab", "abc", "user"]) {
      const basic = Buffer.from(user === "" ? `${key}:` : `${user}:${key}`).toString("base64");
      expectNoSecret(redact(`{"seen":"Basic ${basic}"}`), key, `user ${user}`);
      expectNoSecret(redact(`seen ${basic}`), key, `bare, user ${user}`);
    }
    expect(redactSecrets("Authorization: Basic dXNlcjpwYXNz", [])).toBe("Authorization: Basic <redacted>");
  });

  it("never leaves a key, or a prefix of 8 characters of it, in any encoding inside any text", () => {
    const keyChars = fc.constantFrom(..."abcdefXYZ0123456789_-+/=.~!".split(""));
    fc.assert(
      fc.property(
        fc.string(),
        fc
          .string({ unit: keyChars, minLength: 8, maxLength: 40 })
          .filter((k) => /[0-9+/=~!]/.test(k.slice(0, 8))),
        fc.integer({ min: 8, max: 40 }),
        fc.string(),
        (pre, key, length, post) => {
          const redact = textRedactor([key]);
          for (const form of Object.values(secretEncodings(key.slice(0, length))))
            expectNoSecret(redact(pre + form + post), key);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("leaves ordinary text alone: no key, no part of one", () => {
    const redactor = new Redactor(["cbk_plus_0f3a9c2e7d15b8a4", "verdict-Zq9x7Hq2k9ZpLm3x-inconclusive"]);
    const text = "cbk_plus keys: the verdict-inconclusive rows of 0f3a9c2e and CBK_PLUS";
    expect(redactor.text(text)).toBe(text);
  });

  it("finds a key among many (a client spraying keys at the proxy) as among few", () => {
    const keys = Array.from({ length: 60 }, (_, i) => `sprayed-${i}-${(i * 7919).toString(36)}x9`);
    const many = new Redactor(keys);
    const few = new Redactor([keys[37]]);
    for (const [name, form] of Object.entries(secretEncodings(keys[37]))) {
      const text = `a body that echoes ${form} (${name}) and a prefix ${keys[37].slice(0, 12)}…`;
      expect(many.text(text), name).toBe(few.text(text));
      expectNoSecret(many.text(text), keys[37], name);
    }
  });

  it("learns keys later (the proxy meets them as clients call)", () => {
    const redactor = new Redactor();
    expect(redactor.text("sees k3y-1234567")).toBe("sees k3y-1234567");
    redactor.add(["k3y-1234567", undefined, "abc"]);
    expect(redactor.text("sees k3y-1234567")).toBe("sees <redacted>");
    expect(redactor.has("abc")).toBe(false);
  });

  it("shows a recorded authorization without its credential", () => {
    expect(redactCredential("Bearer $CB_API_KEY")).toBe("Bearer $CB_API_KEY");
    expect(redactCredential("Bearer <redacted>")).toBe("Bearer <redacted>");
    expect(redactCredential("Bearer abc.def")).toBe("Bearer <redacted>");
    expect(redactCredential("Basic dXNlcjpwYXNz")).toBe("Basic <redacted>");
    expect(redactCredential("tokenwithoutscheme")).toBe("<redacted>");
  });
});
