/**
 * End to end: the CLI's entry, main(argv, io), in-process (no build needed) against the embedded server, a
 * reference server started here (so the test holds its keys), and broken targets.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Clock } from "../../clock.js";
import { harErrors } from "../../report/test-support/standards/validate.js";
import { startServer } from "../../server/index.js";
import { SkippingClock } from "../../test-support/clocks.js";
import { startHostileServer } from "../../transport/test-support/hostile-server.js";
import { runMain } from "../test-support/run-main.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "cbcheck-run-"));
  dirs.push(dir);
  return dir;
}

/** Runs `cbcheck run ARGS…` in-process (the test's own servers keep serving meanwhile). */
async function cli(
  args: string[],
  env: Record<string, string> = {},
  clock: Clock = new SkippingClock(),
): Promise<{ code: number; stdout: string; stderr: string }> {
  return runMain(["run", ...args], { env, clock });
}

describe("cbcheck run (CLI)", () => {
  it("exits 0 on the embedded reference server, all suites, and writes the four reports", async () => {
    const dir = tempDir();
    const { code, stdout, stderr } = await cli(["--seed", "5", "--runs", "5", "--report-dir", dir]);
    expect(code, stdout + stderr).toBe(0);
    expect(stdout).toMatch(/^PASS: /m);
    expect(stderr).toMatch(/seed 5/);
    expect(readdirSync(dir).sort()).toEqual(["junit.xml", "report.html", "report.json", "report.md"]);
  });

  it("exits 0 on the embedded reference server with the schema suite at --concurrency 2", async () => {
    const args = [
      "--suite",
      "schema",
      "--concurrency",
      "2",
      "--seed",
      "5",
      "--runs",
      "8",
      "--max-pairwise",
      "0",
    ];
    const { code, stdout, stderr } = await cli([...args, "--report-dir", tempDir()]);
    expect(code, stdout + stderr).toBe(0);
    // The coverage phase's valid and open values alone (187: docs/generation.md's table less its pairs, with
    // half-width kana at each maxLength, a raw-`+` query, date-times at their bounds and leap seconds, a body without
    // Content-Type, a path id holding `&` and `=`), 5 operations × 8 generated requests, the 23 calls
    // of the meaning steps (balance, main unit, top owner, truncated resolve pages, a resolve cut by its limit,
    // a batch of two organisations against their GETs among them), and the reachability probe.
    expect(stdout).toMatch(/^PASS: .*; 251 calls, \d+ credits, [\d.]+ s;/m);
  });

  it("exits 2 with a one-line message on bad flags, a missing key, or an unreachable target", async () => {
    const bad = await cli(["--runs", "zero"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toMatch(/^cbcheck: --runs must be an integer/);
    for (const value of ["0", "17", "x"]) {
      const conc = await cli(["--concurrency", value]);
      expect(conc.code).toBe(2);
      expect(conc.stderr.trim()).toMatch(
        /^cbcheck: --concurrency must be an integer from 1 to 16, got "[^"\n]*" \[CB_USAGE\]$/,
      );
    }
    const noKey = await cli(["--base-url", "http://127.0.0.1:9/v1"]);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/CB_API_KEY/);
    const unreachable = await cli(["--base-url", "http://127.0.0.1:9/v1", "--report-dir", tempDir()], {
      CB_API_KEY: "k",
    });
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(/cannot reach .*CB_TARGET_UNREACHABLE/);
  });

  it("exits 1 on a target that answers HTML error pages", async () => {
    const server = await startHostileServer("html-error");
    try {
      const args = [
        "--base-url",
        server.baseUrl,
        "--fixtures",
        "fixtures/targets/example.json",
        "--suite",
        "http",
      ];
      const { code, stdout } = await cli([...args, "--report-dir", tempDir()], { CB_API_KEY: "k" });
      expect(code).toBe(1);
      expect(stdout).toMatch(/^FAIL /m);
    } finally {
      await server.close();
    }
  });

  it("never prints or writes the API keys, even in failing counterexamples", async () => {
    // One clock for the server's window and the run's pace: the pace is kept, without waiting it out.
    const clock = new SkippingClock();
    const server = await startServer({
      mutation: "content-type-html",
      rateLimit: 60,
      rateWindowMs: 2000,
      clock,
    });
    const dir = tempDir();
    try {
      const env = { CB_API_KEY: server.keys.plus, CB_FREE_API_KEY: server.keys.free };
      const args = ["--base-url", server.url, "--alt-base-url", server.altUrl, "--expect-rate-limit", "60/2"];
      const { code, stdout, stderr } = await cli(
        [...args, "--runs", "4", "--seed", "9", "--report-dir", dir, "--har", join(dir, "run.har")],
        env,
        clock,
      );
      expect(code, stderr).toBe(1);
      const texts = [stdout, stderr, ...readdirSync(dir).map((f) => readFileSync(join(dir, f), "utf8"))];
      for (const text of texts) {
        expect(text).not.toContain(server.keys.plus);
        expect(text).not.toContain(server.keys.free);
      }
      // --har: every exchange, the key only as the name of its variable.
      const har = JSON.parse(readFileSync(join(dir, "run.har"), "utf8"));
      expect(await harErrors(har)).toEqual([]);
      expect(har.log.entries.length).toBeGreaterThan(0);
      expect(JSON.stringify(har)).toContain("Bearer $CB_API_KEY");
      // Curl lines read the key back from the variable it came from; the rerun line repeats the run.
      expect(stdout).toContain('-H "Authorization: Bearer $CB_API_KEY"');
      expect(stdout).toContain(
        `Rerun with: cbcheck run --base-url ${server.url} --alt-base-url ${server.altUrl} --expect-rate-limit 60/2 --runs 4 --seed 9`,
      );
      const report = JSON.parse(readFileSync(join(dir, "report.json"), "utf8"));
      const failing = report.results.find((r: { status: string }) => r.status === "fail");
      // The counterexample carries the response that was judged: its headers and (capped) body.
      expect(failing.counterexamples[0].response.headers["content-type"]).toMatch(/text\/html/);
    } finally {
      await server.close();
    }
  });
});
