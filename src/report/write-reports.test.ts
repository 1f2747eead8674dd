import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

import { validateAs } from "../contract/registry.js";
import { HarnessError } from "../errors.js";
import { Redactor } from "../redactor.js";
import { SAMPLE_SECRET, sampleReport } from "./test-support/sample-report.js";
import { writeReports } from "./write-reports.js";

describe("writeReports", async () => {
  const root = await mkdtemp(join(tmpdir(), "cbcheck-report-"));
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("creates the directory and writes the four files", async () => {
    const dir = join(root, "a", "b");
    // A command's report comes sealed: redacted with its keys (src/report/seal-result.ts).
    const sealed = new Redactor([SAMPLE_SECRET]).value(sampleReport());
    const files = await writeReports(dir, sealed, [{ title: "plot", html: "<svg></svg>" }]);
    expect(files.map((f) => f.slice(dir.length + 1)).sort()).toEqual([
      "junit.xml",
      "report.html",
      "report.json",
      "report.md",
    ]);
    for (const file of files) {
      const text = await readFile(file, "utf8");
      expect(text, file).not.toContain("S3cr3tK3y");
      expect(text.length, file).toBeLessThan(60_000);
    }
  });

  it("writes a report.json that the report schema accepts, with huge values cut", async () => {
    const [file] = await writeReports(join(root, "json"), sampleReport(), [], { reporters: ["json"] });
    const written = JSON.parse(await readFile(file, "utf8"));
    expect(validateAs("report", written)).toEqual([]);
    expect(written.results[2].counterexamples[0].received).toMatch(/\[truncated: 98000 more characters\]$/);
  });

  it("fails with CB_OUTPUT_UNWRITABLE when the directory cannot be made", async () => {
    const blocker = join(root, "file");
    await writeFile(blocker, "x");
    const error = await writeReports(join(blocker, "sub"), sampleReport()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HarnessError);
    expect((error as HarnessError).code).toBe("CB_OUTPUT_UNWRITABLE");
    expect((error as HarnessError).message).not.toContain("\n");
  });
});
