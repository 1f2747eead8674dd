import { describe, expect, it } from "vitest";
import { errorReport } from "./error-report.js";
import { githubAnnotations, stepSummaryMarkdown } from "./github.js";
import type { CheckResult, Report } from "./model.js";
import { sampleReport } from "./test-support/sample-report.js";

const failing = (id: string, title: string): CheckResult => ({
  id,
  suite: "schema",
  operation: "resolve",
  status: "fail",
  sentence: `The sentence of ${id}.`,
  counterexamples: [{ title, expected: "null", received: "1", status: 200 }],
});

describe("stepSummaryMarkdown", () => {
  const md = stepSummaryMarkdown(sampleReport());

  it("heads with the verdict and the counts, then the failures grouped by rule, headings one level down", () => {
    expect(md.split("\n")[0]).toBe("### cbcheck run: FAIL");
    expect(md).toContain("1 passed, 2 failed, 1 warnings, 1 skipped, 1 inconclusive; 17 calls");
    expect(md).toContain("### Failures: 2 rules (2 checks)");
    expect(md).toContain("| `resolve.cursor_null` | 1 | 1 | resolve | 1 | cursor is not null on resolve |");
    expect(md).toContain("#### `resolve.cursor_null`");
  });

  it("says the likely cause of a whole class of failures first", () => {
    const seen = { statuses: { 404: 30 }, errorCodes: {}, nodeTypes: {}, predicates: {}, extensions: {} };
    const text = stepSummaryMarkdown({ ...sampleReport(), coverage: { rules: [], unexercised: 0, seen } });
    expect(text.split("\n")[2]).toMatch(/^\*\*Likely cause:\*\* every call \(30\) answered 404/);
  });
});

describe("githubAnnotations", () => {
  it("gives each failing rule an ::error titled by its id: the sentence, then the first cause in one line", () => {
    const lines = githubAnnotations({
      ...sampleReport(),
      results: [failing("resolve.cursor_null", "cursor is set")],
    });
    expect(lines).toEqual([
      "::error title=resolve.cursor_null::The sentence of resolve.cursor_null.%0Acursor is set (expected: null; received: 1; status 200)",
    ]);
  });

  it("escapes what would end the title or start a command of its own", () => {
    const [line] = githubAnnotations({
      ...sampleReport(),
      results: [failing("a:b,c", "evil\n::error title=fake::100% owned\r")],
    });
    expect(line.split("\n")).toHaveLength(1);
    expect(line).toMatch(/^::error title=a%3Ab%2Cc::/);
    // The one-line form flattened the line breaks; `%` is escaped so that no sequence decodes into one.
    expect(line).toContain("evil ::error title=fake::100%25 owned");
    expect(line).not.toMatch(/[\r\n]/);
  });

  it("warns for warning rules, says the harness error, and stops at ten of a kind", () => {
    const many = Array.from({ length: 12 }, (_, i) => failing(`rule.r${i}`, "x"));
    const lines = githubAnnotations({ ...sampleReport(), results: many });
    expect(lines).toHaveLength(10);
    expect(lines.at(-1)).toBe("::error title=cbcheck run::… and 3 more rules: see report.md");
    const warned = githubAnnotations(sampleReport()).filter((l) => l.startsWith("::warning "));
    expect(warned).toEqual([expect.stringMatching(/^::warning title=alt.same_response::/)]);
    const error: Report = errorReport({
      command: "load",
      startedAt: new Date(0),
      code: "CB_NO_KEY",
      message: "no key",
    });
    expect(githubAnnotations(error)).toEqual(["::error title=CB_NO_KEY::no key"]);
  });
});
