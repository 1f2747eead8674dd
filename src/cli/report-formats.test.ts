/** `--formats`: a reporting command writes only the report files named, on every exit. */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { HarnessError } from "../errors.js";
import { parseReportFormats } from "../report/reporters.js";
import { buildProgram } from "./program.js";

const dir = mkdtempSync(join(tmpdir(), "cbcheck-formats-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `cbcheck ARGS…` in this process, its output swallowed; returns its exit code (2 for a harness error, as main.ts). */
async function cbcheck(args: string[], env: Record<string, string> = {}): Promise<number> {
  const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    const failed = await buildProgram()
      .parseAsync(["node", "cbcheck", ...args])
      .then(
        () => false,
        (error: unknown) => error instanceof HarnessError,
      );
    return failed ? 2 : Number(process.exitCode ?? 0);
  } finally {
    process.exitCode = undefined;
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    out.mockRestore();
    err.mockRestore();
  }
}

describe("parseReportFormats", () => {
  it("reads a comma list (md for markdown), repeatable, in the reporters' order", () => {
    expect(parseReportFormats("html, md")).toEqual(["markdown", "html"]);
    expect(parseReportFormats("junit", parseReportFormats("json"))).toEqual(["junit", "json"]);
    expect(() => parseReportFormats("junit,pdf")).toThrow(
      /unknown format "pdf" \(choose from junit, json, markdown, html\)/,
    );
  });
});

describe("--formats", () => {
  it("writes only the files named, after a verdict", async () => {
    const out = join(dir, "run");
    const code = await cbcheck([
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
    expect(await cbcheck(args, { CB_API_KEY: "k" })).toBe(2);
    expect(readdirSync(out)).toEqual(["report.md"]);
  });
});
