import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  escapedJson,
  escapeMarkdownCell,
  escapeXml,
  markdownCode,
  markdownFence,
  truncate,
} from "./escape.js";

describe("escaping", () => {
  it("truncates with a note saying how much was cut", () => {
    expect(truncate("abcdef", 4)).toBe("abcd… [truncated: 2 more characters]");
    expect(truncate("abc", 4)).toBe("abc");
    expect(truncate(truncate("x".repeat(100), 10), 10)).toBe(
      `${"x".repeat(10)}… [truncated: 90 more characters]`,
    );
  });

  it("never lets markup or XML-invalid characters through", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        const out = escapeXml(s);
        expect(out).not.toMatch(/[<>"']/);
        expect(out).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
        expect(out).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
        expect(out).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
      }),
    );
  });

  it("keeps Markdown table cells on one line without pipes or raw HTML", () => {
    expect(escapeMarkdownCell("a|b\n<c>")).toBe("a\\|b &lt;c&gt;");
    expect(markdownCode("id|x")).toBe("`id\\|x`");
    expect(markdownCode("a`b")).toBe("``a`b``");
  });

  it("writes JSON a terminal shows as it is, parsing back to the same value", () => {
    expect(escapedJson({ t: "a\u009b2Jb\u202ec\u007f" })).toBe('{"t":"a\\u009b2Jb\\u202ec\\u007f"}');
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 1, 2), (v, indent) => {
        const out = escapedJson(v, indent);
        expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(v)));
        expect(out).not.toMatch(
          /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/,
        );
      }),
    );
  });

  it("chooses a fence no text can close", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const fence = markdownFence(s);
        expect(s.includes(fence)).toBe(false);
      }),
    );
  });
});
