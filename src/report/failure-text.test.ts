import { describe, expect, it } from "vitest";
import { failureText, oneLineForm } from "./failure-text.js";

describe("failureText", () => {
  it("reads like Schemathesis: title, Key: value lines, then Reproduce with: and curl", () => {
    const text = failureText(
      {
        title: "Retry-After is missing on 429",
        expected: "header Retry-After (seconds)",
        received: "no Retry-After header",
        pointer: "/headers/retry-after",
        status: 429,
        request: {
          method: "GET",
          url: "http://127.0.0.1:1/v1/me",
          headers: { authorization: "Bearer k3y_abcdef" },
        },
      },
      { checkId: "retry-after-on-429", seed: 7 },
    );
    expect(text).toBe(
      [
        "- Retry-After is missing on 429",
        "",
        "    Check: retry-after-on-429",
        "    Expected: header Retry-After (seconds)",
        "    Received: no Retry-After header",
        "    Pointer: /headers/retry-after",
        "    Status: 429",
        "",
        "Reproduce with:",
        "",
        "    curl -X GET http://127.0.0.1:1/v1/me -H 'Authorization: Bearer <redacted>'",
        "",
        "Replay the generated requests with: --seed 7",
      ].join("\n"),
    );
  });

  it("indents multi-line values under their key and lists evidence", () => {
    const text = failureText({
      title: "t",
      received: '{\n  "a": 1\n}',
      evidence: ["call 3 started 0.4 s after a 429"],
    });
    expect(text).toContain('    Received: {\n          "a": 1\n        }');
    expect(text).toContain("    - call 3 started 0.4 s after a 429");
  });
});

describe("oneLineForm", () => {
  it("puts title, expected, received and status on one line, line breaks flattened and long values cut", () => {
    const line = oneLineForm({
      title: "cursor is not null\non resolve",
      expected: "null",
      received: `["resolve",1]${"x".repeat(300)}`,
      status: 200,
    });
    expect(line).not.toContain("\n");
    expect(line).toMatch(
      /^cursor is not null on resolve \(expected: null; received: \["resolve",1\]x+…; status 200\)$/,
    );
    expect(line.length).toBeLessThan(200);
    expect(oneLineForm({ title: "status 500" })).toBe("status 500");
  });
});
