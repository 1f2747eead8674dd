/**
 * End to end: `cbcheck load` through main(argv, io) against the embedded reference server on loopback (in a
 * child process, its default; in-process for the seeded bugs, on the test's clock, so that windows and
 * Retry-After waits take no real time). The clean server passes every built-in profile; each seeded load
 * bug makes the command exit 1 naming the broken expectation; a remote target is refused without consent.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runMain } from "../cli/test-support/run-main.js";
import type { Report } from "../report/model.js";
import { harErrors } from "../report/test-support/standards/validate.js";
import { startServer } from "../server/index.js";
import { unregisteredIds } from "../verdicts/test-support/unregistered.js";
import type { LoadDetails } from "./build-report.js";

interface CliOutcome {
  exitCode: number;
  stdout: string;
  report?: Report;
  dir: string;
}

async function cbcheckLoad(args: string[]): Promise<CliOutcome> {
  const dir = mkdtempSync(join(tmpdir(), "cbcheck-load-"));
  const { code, stdout } = await runMain(["load", "--report-dir", dir, ...args]);
  const report = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as Report;
  return { exitCode: code, stdout, report, dir };
}

const failing = (report: Report | undefined) =>
  (report?.results ?? []).filter((r) => r.status === "fail").map((r) => r.id);

describe("cbcheck load", () => {
  // The profiles' latency budgets are real milliseconds: on a CI machine running other test files at the same
  // time one round can miss them, so a failed round gets another try (the assertions stay exact).
  it("passes every built-in profile against the unmutated reference server", { retry: 2 }, async () => {
    const { exitCode, stdout, report } = await cbcheckLoad(["--duration", "1.5"]);
    expect(failing(report), stdout).toEqual([]);
    expect(unregisteredIds(report)).toEqual([]);
    // A machine too busy to offer what a verdict needs leaves it inconclusive (exit 2), never failed.
    const inconclusive = (report?.results ?? []).filter((r) => r.status === "inconclusive");
    expect(exitCode, inconclusive.map((r) => `${r.id}: ${r.message}`).join("\n")).toBe(0);
    expect(report?.results.map((r) => r.suite)).toEqual(
      expect.arrayContaining(["latency", "rate-limit", "batch-limits"]),
    );
    expect(stdout).toMatch(/PASS/);
  });

  it("reports the peak memory of each profile in report.json, report.md and report.html", async () => {
    const { report, dir } = await cbcheckLoad([
      "--duration",
      "1",
      "--profile",
      "latency",
      "--profile",
      "batch-limits",
    ]);
    const profiles = (report?.details?.load as LoadDetails | undefined)?.profiles ?? [];
    expect(profiles.map((p) => p.name)).toEqual(["latency", "batch-limits"]);
    for (const p of profiles) expect(p.peakRssMiB).toBeGreaterThan(10);
    const note = `peak memory of cbcheck per profile: latency ${profiles[0].peakRssMiB} MiB, batch-limits ${profiles[1].peakRssMiB} MiB`;
    expect(readFileSync(join(dir, "report.md"), "utf8")).toContain(note);
    const html = readFileSync(join(dir, "report.html"), "utf8");
    expect(html).toContain(note);
    expect(html).toContain(`peak memory of cbcheck ${profiles[1].peakRssMiB} MiB`);
  });

  const cases: [mutation: string, profile: string, expectation: string][] = [
    ["rate-limit-off", "rate-limit", "rate.limit_enforced"],
    ["retry-after-missing", "rate-limit", "rate.retry_after_on_429"],
    ["retry-after-fractional", "rate-limit", "rate.retry_after_on_429"],
    ["rate-limit-leaks-under-concurrency", "rate-limit", "rate.window_holds"],
    ["slow-responses", "latency", "load.latency_budget"],
    ["batch-100-5xx-under-concurrency", "batch-limits", "batch.no_5xx_under_concurrency"],
  ];
  // A machine that held the harness up leaves a timing verdict inconclusive (exit 2; never 0, which
  // src/load/cpu-starvation.test.ts proves with every core busy): another round then shows the catch.
  it.each(cases)(
    "seeded bug %s in profile %s: exit 1 naming %s",
    { retry: 2 },
    async (mutation, profile, expectation) => {
      const { exitCode, stdout, report } = await cbcheckLoad([
        "--profile",
        profile,
        "--duration",
        "1.5",
        "--mutation",
        mutation,
        "--in-process",
      ]);
      expect(exitCode).toBe(1);
      expect(failing(report)).toContain(expectation);
      expect(unregisteredIds(report)).toEqual([]);
      expect(stdout).toContain(`FAIL ${expectation}`);
    },
  );

  it("never prints or writes the key given in --api-key-env, in the reports or the sampled HAR", async () => {
    const server = await startServer({ rateLimit: 1_000_000, callsPerDay: 1e9, recordsPerDay: 1e12 });
    const dir = mkdtempSync(join(tmpdir(), "cbcheck-load-key-"));
    let output: string;
    try {
      const args = ["--base-url", server.url, "--api-key-env", "CB_LOAD_TEST_KEY", "--profile", "latency"];
      const har = ["--har", join(dir, "load.har")];
      const run = await runMain(["load", ...args, ...har, "--duration", "1", "--report-dir", dir], {
        env: { CB_LOAD_TEST_KEY: server.keys.plus },
      });
      output = run.stdout + run.stderr;
    } finally {
      await server.close();
    }
    const files = readdirSync(dir);
    expect(files).toEqual(expect.arrayContaining(["junit.xml", "report.json", "report.md", "report.html"]));
    expect(output).toMatch(/PASS|FAIL|INCOMPLETE/);
    expect(output).not.toContain(server.keys.plus);
    for (const file of files)
      expect(readFileSync(join(dir, file), "utf8"), file).not.toContain(server.keys.plus);
    const document = JSON.parse(readFileSync(join(dir, "load.har"), "utf8"));
    expect(await harErrors(document)).toEqual([]);
    const { log } = document;
    expect(log.entries.length).toBeGreaterThan(0);
    expect(log.entries.length).toBeLessThanOrEqual(2000);
    expect(log.entries[0].request.headers).toContainEqual({
      name: "authorization",
      value: "Bearer <redacted>",
    });
  });

  it("refuses a remote target without --allow-remote-load (exit 2), before sending anything", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cbcheck-load-remote-"));
    const run = await runMain(["load", "--base-url", "https://api.example.com/v1", "--report-dir", dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--allow-remote-load.*\[CB_REMOTE_LOAD\]$/m);
  });
});
