import { describe, expect, it } from "vitest";
import { markdownReporter } from "./markdown.js";
import { failuresMarkdown } from "./markdown-failures.js";
import { sampleReport } from "./test-support/sample-report.js";

describe("markdownReporter", () => {
  const md = markdownReporter.render(sampleReport(), []);

  it("starts with the verdict, then the summary counts", () => {
    expect(md.split("\n")[0]).toBe("# cbcheck run: FAIL");
    expect(md.indexOf("## Summary")).toBeLessThan(md.indexOf("## Failures: 2 rules (2 checks)"));
    expect(md).toContain("| 1 | 2 | 1 | 1 | 1 | 17 |");
  });

  it("lists every failing rule in an overview table, then each with its causes", () => {
    const failures = md.slice(md.indexOf("## Failures"), md.indexOf("## Warnings"));
    expect(failures).toContain("| rule | exchanges | checks | operations | causes | first cause |");
    expect(failures).toContain(
      "| `resolve.cursor_null` | 1 | 1 | resolve | 1 | cursor is not null on resolve |",
    );
    expect(failures).toContain("### `resolve.cursor_null`");
    expect(failures).toContain("**Cause 1 of 1** (1×: resolve)");
    expect(failures).toContain("Replay with (in this report's folder): cbcheck replay report.json --index 1");
  });

  it("keeps the details within a size budget; the table still names every rule", () => {
    const results = Array.from({ length: 40 }, (_, i) => ({
      ...sampleReport().results[1],
      id: `rule.r${String(i).padStart(2, "0")}`,
    }));
    const lines = failuresMarkdown(results, 3000).join("\n");
    expect(lines).toContain("| `rule.r39` |");
    expect(lines).toContain("### `rule.r00`");
    expect(lines).not.toContain("### `rule.r39`");
    expect(lines).toMatch(/The details of \d+ more rules are left out to keep this file readable/);
  });

  it("shows the whole-class diagnosis under the title", () => {
    const seen = { statuses: { 401: 3 }, errorCodes: {}, nodeTypes: {}, predicates: {}, extensions: {} };
    const text = markdownReporter.render(
      { ...sampleReport(), coverage: { rules: [], unexercised: 0, seen } },
      [],
    );
    expect(text.split("\n")[2]).toMatch(
      /^\*\*Likely cause:\*\* every call \(3\) answered 401: is the key set/,
    );
  });

  it("shows failing checks as Schemathesis-style text before the rest", () => {
    const failures = md.slice(md.indexOf("## Failures"), md.indexOf("## Warnings"));
    expect(failures).toContain("- cursor is not null on resolve");
    expect(failures).toContain("Expected: null");
    expect(failures).toContain("Pointer: /cursor");
    expect(failures).toMatch(/Reproduce with:\n\n {4}curl -X GET/);
    expect(md.indexOf("## Failures")).toBeLessThan(md.indexOf("<summary>All results"));
  });

  it("folds every row, passes included, below the failures and warnings", () => {
    const all = md.indexOf("<details><summary>All results (6)</summary>");
    expect(all).toBeGreaterThan(md.indexOf("## Warnings"));
    expect(md.indexOf("| pass |")).toBeGreaterThan(all);
    expect(md.indexOf("</details>")).toBeGreaterThan(md.indexOf("| pass |"));
  });

  it("fences hostile text with a fence longer than any backtick run inside", () => {
    expect(md).toContain("````text");
    const rows = md
      .slice(md.indexOf("<summary>All results"))
      .split("\n")
      .filter((l) => l.startsWith("| warn"));
    expect(rows[0]).toContain("as\\_of differs \\| ok");
  });
});
