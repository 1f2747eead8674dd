import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Redactor } from "../redactor.js";
import { SAMPLE_SECRET, sampleReport } from "../report/test-support/sample-report.js";
import { startServer } from "../server/index.js";
import { writeGithubOutputs } from "./github-output.js";
import { runMain } from "./test-support/run-main.js";

const dir = mkdtempSync(join(tmpdir(), "cbcheck-github-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function capture(keys: string[] = []) {
  const out = { stdout: "", stderr: "" };
  const redactor = new Redactor(keys);
  return {
    out,
    streams: {
      redact: (t: string) => redactor.text(t),
      stdout: (t: string) => (out.stdout += t),
      stderr: (t: string) => (out.stderr += t),
    },
  };
}

describe("writeGithubOutputs", () => {
  it("appends the summary to GITHUB_STEP_SUMMARY, keys redacted, and prints annotations under GitHub Actions", () => {
    const path = join(dir, "summary.md");
    writeFileSync(path, "earlier step\n");
    const { out, streams } = capture([SAMPLE_SECRET]);
    const env = { GITHUB_STEP_SUMMARY: path, GITHUB_ACTIONS: "true" };
    writeGithubOutputs(sampleReport(), env, streams);
    const text = readFileSync(path, "utf8");
    expect(text.startsWith("earlier step\n### cbcheck run: FAIL\n")).toBe(true);
    expect(text).not.toContain(SAMPLE_SECRET);
    expect(out.stdout.split("\n").filter((l) => l.startsWith("::error title="))).toHaveLength(2);
    expect(out.stderr).toBe("");
  });

  it("does nothing without the variables", () => {
    const { out, streams } = capture();
    writeGithubOutputs(sampleReport(), {}, streams);
    expect(out).toEqual({ stdout: "", stderr: "" });
  });

  it("says in one line on stderr when the summary file cannot be written", () => {
    const { out, streams } = capture();
    writeGithubOutputs(sampleReport(), { GITHUB_STEP_SUMMARY: join(dir, "no/such/dir/s.md") }, streams);
    expect(out.stderr).toMatch(/^cbcheck: cannot append to GITHUB_STEP_SUMMARY .*\n$/);
    expect(out.stdout).toBe("");
  });
});

describe("cbcheck run under GitHub Actions (the variables set, in-process)", () => {
  it("appends the grouped summary to the step summary and annotates each failing rule", async () => {
    const server = await startServer({ orgs: 50, rateLimit: 1_000_000, mutation: "content-type-html" });
    const summary = join(dir, "step-summary.md");
    const fixtures = join(dir, "fixtures.json");
    writeFileSync(fixtures, JSON.stringify(server.fixtures));
    let stdout = "";
    try {
      const args = ["--base-url", server.url, "--fixtures", fixtures, "--suite", "http", "--quiet"];
      const env = { GITHUB_STEP_SUMMARY: summary, GITHUB_ACTIONS: "true", CB_API_KEY: server.keys.plus };
      const run = await runMain(["run", ...args, "--report-dir", join(dir, "run")], { env });
      expect(run.code).toBe(1);
      stdout = run.stdout;
    } finally {
      await server.close();
    }
    const text = readFileSync(summary, "utf8");
    expect(text).toMatch(/^### cbcheck run: FAIL\n/);
    expect(text).toContain("| `http.json_content_type` |");
    expect(stdout).toMatch(
      /^::error title=http\.json_content_type::Responses are JSON\.%0Aresponse is not declared as JSON \(expected: application\/json; received: "text\/html"; status 200\)$/m,
    );
    expect(text + stdout).not.toContain(server.keys.plus);
  });
});
