import { describe, expect, it } from "vitest";
import { loadSummaryText } from "../load/summary-text.js";
import { summaryText } from "../runner/summary-text.js";
import { failingRowsText, failureText } from "./failure-text.js";
import type { CheckResult } from "./model.js";
import { sampleReport } from "./test-support/sample-report.js";

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

describe("failingRowsText", () => {
  const row = (id: string, extra: Partial<CheckResult> = {}): CheckResult => ({
    id,
    suite: "rate-limit",
    status: "fail",
    sentence: "Every 429 carries Retry-After in whole seconds.",
    counterexamples: [],
    ...extra,
  });

  it("shows each failing row: id, operation, suite, Contract: sentence, message, first counterexample", () => {
    const lines = failingRowsText([
      row("rate.passes", { status: "pass" }),
      row("rate.retry_after_on_429", {
        operation: "me",
        message: "3 of 40 responses",
        counterexamples: [{ title: "no Retry-After", status: 429 }, { title: "second" }],
      }),
    ]);
    expect(lines).toEqual([
      "FAIL rate.retry_after_on_429 (me) [rate-limit]",
      "  Contract: Every 429 carries Retry-After in whole seconds.",
      "  3 of 40 responses",
      "  - no Retry-After\n  \n      Check: rate.retry_after_on_429\n      Status: 429",
      "",
    ]);
  });

  it("lists rows past the tenth by id only", () => {
    const lines = failingRowsText(Array.from({ length: 12 }, (_, i) => row(`r${i}`)));
    expect(lines.filter((l) => l.startsWith("FAIL "))).toHaveLength(10);
    expect(lines.at(-2)).toBe("… and 2 more failing checks: r10, r11");
  });

  it("is the failure text of both the run and the load summaries", () => {
    const report = sampleReport();
    const block = failingRowsText(report.results).join("\n");
    expect(block).toContain("Contract: ");
    expect(summaryText(report)).toContain(block);
    expect(loadSummaryText({ ...report, command: "load" })).toContain(block);
    expect(summaryText(report) + loadSummaryText(report)).not.toContain("Expectation:");
  });
});
