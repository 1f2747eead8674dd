/**
 * End to end: a run against a reference server with a seeded bug writes a report; `cbcheck replay` re-sends
 * its counterexample (the key read from --api-key-env, default CB_API_KEY) and finds the bug again, while the
 * same request against a clean server passes now.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonReporter } from "../../report/json.js";
import type { Report } from "../../report/model.js";
import { resolveRunOptions } from "../../runner/options.js";
import { runConformance } from "../../runner/run-conformance.js";
import { startServer } from "../../server/index.js";
import type { RunningServer } from "../../server/types.js";
import { startEchoTarget } from "../../test-support/echo-target.js";
import { runMain } from "../test-support/run-main.js";

let buggy: RunningServer;
let clean: RunningServer;
let dir: string;
let report: Report;
beforeAll(async () => {
  buggy = await startServer({ mutation: "resolve-cursor-set", rateLimit: 1e6 });
  clean = await startServer({ rateLimit: 1e6 });
  dir = mkdtempSync(join(tmpdir(), "cbcheck-replay-"));
  const options = resolveRunOptions({
    baseUrl: buggy.url,
    env: { CB_API_KEY: buggy.keys.plus },
    fixtures: buggy.fixtures,
    suites: ["schema"],
    runs: 5,
    seed: 3,
  });
  report = (await runConformance(options)).report;
  writeFileSync(join(dir, "report.json"), jsonReporter.render(report, []));
});
afterAll(async () => {
  await Promise.all([buggy.close(), clean.close()]);
  rmSync(dir, { recursive: true, force: true });
});

/** `cbcheck replay ARGS…` in-process. */
function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return runMain(["replay", ...args], { env });
}

describe("cbcheck replay (CLI)", () => {
  it("re-sends the failing counterexample with the key of CB_API_KEY, says so first, and finds the bug again (exit 1)", async () => {
    expect(report.results.some((r) => r.id === "resolve.cursor_null" && r.status === "fail")).toBe(true);
    const { code, stdout } = await cli([dir, "--check", "resolve.cursor_null"], {
      CB_API_KEY: buggy.keys.plus,
    });
    expect(stdout).toContain(`sending GET ${buggy.url}/resolve?`);
    expect(stdout).toContain("with the key in $CB_API_KEY");
    expect(stdout).toContain("replaying resolve.cursor_null (resolve)");
    expect(stdout).toContain('-H "Authorization: Bearer $CB_API_KEY"');
    expect(stdout).not.toContain(buggy.keys.plus);
    expect(stdout).toMatch(/answered 200/);
    expect(stdout).toMatch(/FAILS AGAIN$/m);
    expect(code).toBe(1);
  });

  it("passes now when the target no longer has the bug (exit 0)", async () => {
    const moved = JSON.parse(JSON.stringify(report).replaceAll(buggy.url, clean.url)) as Report;
    const file = join(dir, "moved.json");
    writeFileSync(file, jsonReporter.render(moved, []));
    const { code, stdout } = await cli([file, "--check", "resolve.cursor_null"], {
      CB_API_KEY: clean.keys.plus,
    });
    expect(stdout).toMatch(/PASSES NOW$/m);
    expect(code).toBe(0);
  });

  it("exits 2 with one line and sends nothing when an edited report points away from the configured target", async () => {
    const recorder = await startEchoTarget();
    try {
      const edited = JSON.parse(
        JSON.stringify(report)
          .replaceAll(buggy.url, recorder.baseUrl)
          .replaceAll("$CB_API_KEY", "$GITHUB_TOKEN"),
      ) as Report;
      const file = join(dir, "edited.json");
      writeFileSync(file, jsonReporter.render(edited, []));
      const { code, stdout, stderr } = await runMain(["replay", file], {
        env: {
          CB_API_KEY: clean.keys.plus,
          GITHUB_TOKEN: "ghp_not_for_you_0123456789",
          CBCHECK_BASE_URL: clean.url,
        },
      });
      expect(code).toBe(2);
      expect(stderr.trim().split("\n")).toEqual([
        `cbcheck: the report's target ${recorder.baseUrl} is not your configured target ${clean.url}: nothing sent; pass --base-url to say where to replay (the report does not decide where a key goes) [CB_USAGE]`,
      ]);
      expect(stdout).toBe("");
      expect(recorder.received).toEqual([]);
    } finally {
      await recorder.close();
    }
  });

  it("exits 2 with one line without the key, on an unknown check, or a file that is not a report", async () => {
    const noKey = await cli([dir], {});
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/\$CB_API_KEY is unset or empty/);
    const unknown = await cli([dir, "--check", "nope.nothing"], { CB_API_KEY: buggy.keys.plus });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /--check nope\.nothing: no failing counterexample \(failing: .*resolve\.cursor_null/,
    );
    const junk = join(dir, "junk.json");
    writeFileSync(junk, '{"tool":"other"}');
    const bad = await cli([junk], { CB_API_KEY: buggy.keys.plus });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/is not a cbcheck report/);
  });
});
