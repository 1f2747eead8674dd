/**
 * examples/serve-and-run.sh, run for real: it starts `cbcheck serve` in the background, waits for it, runs
 * `cbcheck run` with the served keys and fixtures, stops the server, and exits with run's code.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILT_CLI } from "./test-support/built-cli.js";
import { type CollectingChild, spawnCollecting } from "./test-support/spawn-collecting.js";

const ROOT = join(import.meta.dirname, "..", "..");
const SCRIPT = join(ROOT, "examples", "serve-and-run.sh");
// The built CLI (`npm test` builds it first), without a TypeScript loader to start in each process; users
// get `npx cbcheck`.
const CBCHECK = `${process.execPath} ${BUILT_CLI}`;
const dir = mkdtempSync(join(tmpdir(), "cbcheck-serve-and-run-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function startScript(args: string[]): CollectingChild {
  return spawnCollecting("bash", [SCRIPT, ...args], {
    cwd: ROOT,
    env: { ...process.env, CBCHECK, CB_API_KEY: undefined, CB_FREE_API_KEY: undefined },
  });
}

async function runScript(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const script = startScript(args);
  const code = await script.exited;
  return { code, out: script.output(), err: script.errors() };
}

/** Pids of the processes whose command line contains `marker` (Linux /proc). */
function processesWith(marker: string): number[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/cmdline`, "utf8").includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The server the script started, from its stderr line. */
function served(err: string): { url: string; pid: number } {
  const m = /reference server at (\S+) \(pid (\d+)\)/.exec(err);
  expect(m, err).not.toBeNull();
  return { url: m![1], pid: Number(m![2]) };
}

/** Whether a process with this pid still exists. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("examples/serve-and-run.sh", () => {
  it("serves, runs the http and auth suites with the served keys and fixtures, writes reports, exits 0", async () => {
    const reports = join(dir, "reports");
    const { code, out, err } = await runScript([
      "--suite",
      "http",
      "--suite",
      "auth",
      "--report-dir",
      reports,
    ]);
    expect(err).not.toMatch(/no API key|serve-and-run: cbcheck serve/);
    expect(code, `${out}\n${err}`).toBe(0);
    expect(out).toMatch(/^PASS: \d+ passed, 0 failed/m);
    for (const file of ["junit.xml", "report.json", "report.md", "report.html"]) {
      expect(existsSync(join(reports, file)), file).toBe(true);
    }
    const report = JSON.parse(readFileSync(join(reports, "report.json"), "utf8"));
    expect(report.verdict).toBe("pass");
    // The free-plan checks ran: the free key came through the keys file.
    expect(JSON.stringify(report)).toContain("plan_required");
    const server = served(err);
    expect(JSON.stringify(report)).toContain(server.url);
    expect(isAlive(server.pid)).toBe(false);
    await expect(fetch(`${server.url}/me`)).rejects.toThrow();
  });

  it("passes run's exit code through: a usage error of run is 2, and the server is stopped", async () => {
    const { code, err } = await runScript(["--suite", "no-such-suite"]);
    expect(code).toBe(2);
    expect(err).toMatch(/no-such-suite/);
    const server = served(err);
    expect(isAlive(server.pid)).toBe(false);
    await expect(fetch(`${server.url}/me`)).rejects.toThrow();
  });

  it("stops the server and the run when it is terminated itself", async () => {
    const marker = join(dir, "interrupted");
    const script = startScript(["--report-dir", marker]);
    const end = Date.now() + 30_000;
    while (!/cbcheck run: seed/.test(script.errors()) && Date.now() < end && script.child.exitCode === null) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const server = served(script.errors());
    expect(processesWith(marker).length).toBeGreaterThan(0);
    script.child.kill("SIGTERM");
    expect(await script.exited).toBe(143);
    expect(isAlive(server.pid)).toBe(false);
    const deadline = Date.now() + 5_000;
    while (processesWith(marker).length > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(processesWith(marker)).toEqual([]);
  });
});
