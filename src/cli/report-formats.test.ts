/** `--formats`: a reporting command writes only the report files named, on every exit. */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseReportFormats, REPORTER_NAMES } from "../report/report-formats.js";
import { REPORTERS } from "../report/reporters.js";
import { runMain } from "./test-support/run-main.js";

const dir = mkdtempSync(join(tmpdir(), "cbcheck-formats-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("parseReportFormats", () => {
  it("reads a comma list (md for markdown), repeatable, in the reporters' order", () => {
    expect(parseReportFormats("html, md")).toEqual(["markdown", "html"]);
    expect(parseReportFormats("junit", parseReportFormats("json"))).toEqual(["junit", "json"]);
    expect(() => parseReportFormats("junit,pdf")).toThrow(
      /unknown format "pdf" \(choose from junit, json, markdown, html\)/,
    );
  });

  it("names every reporter, in the order of the reporters (the light list the flag parses with)", () => {
    expect(Object.keys(REPORTERS)).toEqual(REPORTER_NAMES);
  });
});

describe("--formats", () => {
  it("writes only the files named, after a verdict", async () => {
    const out = join(dir, "run");
    const { code } = await runMain([
      "run",
      "--suite",
      "http",
      "--runs",
      "2",
      "--formats",
      "junit,json",
      "--report-dir",
      out,
    ]);
    expect(code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(["junit.xml", "report.json"]);
  });

  it("and after a harness error (exit 2)", async () => {
    const out = join(dir, "error");
    const args = ["run", "--base-url", "http://127.0.0.1:9/v1", "--formats", "md", "--report-dir", out];
    expect((await runMain(args, { env: { CB_API_KEY: "k" } })).code).toBe(2);
    expect(readdirSync(out)).toEqual(["report.md"]);
  });
});
