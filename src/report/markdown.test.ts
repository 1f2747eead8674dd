import { describe, expect, it } from "vitest";
import { markdownReporter } from "./markdown.js";
import { sampleReport } from "./test-support/sample-report.js";

describe("markdownReporter", () => {
  const md = markdownReporter.render(sampleReport(), []);

  it("starts with the verdict, then the summary counts", () => {
    expect(md.split("\n")[0]).toBe("# cbcheck run: FAIL");
    expect(md.indexOf("## Summary")).toBeLessThan(md.indexOf("## Failures (2)"));
    expect(md).toContain("| 1 | 2 | 1 | 1 | 1 | 17 |");
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
