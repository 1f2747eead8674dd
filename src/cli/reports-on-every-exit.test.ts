/**
 * Reports on every exit (issue 10 §3) and no PASS from a stopped run (issue 14 §5), end to end: the CLI's
 * entry, main(argv, io), in a fresh working directory against real targets on port 0. Every exit after argv
 * parsed leaves the four reports, with a verdict that matches the exit code in every file and on the console.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Report } from "../report/model.js";
import { harErrors } from "../report/test-support/standards/validate.js";
import { startServer } from "../server/index.js";
import { startCountingServer } from "./test-support/counting-server.js";
import { runMain } from "./test-support/run-main.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "cbcheck-exits-"));
  dirs.push(dir);
  return dir;
}

const FILES = ["junit.xml", "report.html", "report.json", "report.md"];
const EXAMPLE_FIXTURES = join(process.cwd(), "fixtures/targets/example.json");

/** `cbcheck ARGS…` in-process through main(argv, io), in `cwd` (where the default reports/ goes). */
function cbcheck(args: string[], cwd: string, env: Record<string, string> = {}) {
  return runMain(args, { cwd, env });
}

function read(dir: string) {
  expect(readdirSync(dir).sort()).toEqual(FILES);
  const text = (name: string) => readFileSync(join(dir, name), "utf8");
  return { json: JSON.parse(text("report.json")) as Report, md: text("report.md"), junit: text("junit.xml") };
}

/** The only timestamped folder of `command` under `cwd`/reports, and `latest`. */
function defaultFolders(cwd: string, command: string): string[] {
  return readdirSync(join(cwd, "reports", command)).sort();
}

describe("reports on every exit", () => {
  it("an unreachable target: exit 2, verdict error, junit <error>, in reports/run/<timestamp> and latest", async () => {
    const cwd = tempDir();
    const args = ["run", "--base-url", "http://127.0.0.1:9/v1"];
    const first = await cbcheck(args, cwd, { CB_API_KEY: "k" });
    expect(first.code).toBe(2);
    expect(first.stderr).toMatch(/^cbcheck: cannot reach .* \[CB_TARGET_UNREACHABLE\]$/m);
    const [stamp, latest] = defaultFolders(cwd, "run");
    expect(latest).toBe("latest");
    expect(first.stdout).toContain(join(cwd, "reports", "run", stamp, "junit.xml"));
    for (const folder of [stamp, latest]) {
      const { json, md, junit } = read(join(cwd, "reports", "run", folder));
      expect(json).toMatchObject({ verdict: "error", error: { code: "CB_TARGET_UNREACHABLE" } });
      expect(md).toContain("# cbcheck run: ERROR");
      expect(junit).toContain('errors="1"');
      expect(junit).toMatch(/<error message="cannot reach [^"]*" type="CB_TARGET_UNREACHABLE">/);
    }
    // A second run never overwrites the first: a new timestamped folder, latest follows it.
    await cbcheck(args, cwd, { CB_API_KEY: "k" });
    expect(defaultFolders(cwd, "run")).toHaveLength(3);
  });

  it("an option found bad while resolving (no key, a remote load target, no client): exit 2 with reports", async () => {
    const cwd = tempDir();
    const cases = [
      { command: "run", args: ["run", "--base-url", "http://127.0.0.1:9/v1"], code: "CB_NO_KEY" },
      { command: "load", args: ["load", "--base-url", "http://example.com/v1"], code: "CB_" },
      { command: "certify-client", args: ["certify-client"], code: "CB_USAGE" },
    ];
    for (const c of cases) {
      const dir = join(cwd, c.command);
      const run = await cbcheck([...c.args, "--report-dir", dir], cwd);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr.trim().split("\n"), run.stderr).toHaveLength(1);
      const { json, junit } = read(dir);
      expect(json.verdict).toBe("error");
      expect(json.error?.code).toContain(c.code);
      expect(junit).toContain(`type="${json.error?.code}"`);
    }
  });

  it("a base URL without /v1 with --har: exit 2 saying why in one line, and the HAR of what was sent, valid HAR 1.2", async () => {
    const server = await startServer({ orgs: 50 });
    try {
      const cwd = tempDir();
      const base = server.url.replace(/\/v1$/, "");
      const args = ["run", "--base-url", base, "--har", "r/exchanges.har", "--report-dir", "r"];
      const run = await cbcheck(args, cwd, { CB_API_KEY: server.keys.plus });
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(
        /^cbcheck: every \/resolve \(\d+\) answered 404: is --base-url the API root, including \/v1 .* \[CB_FIXTURES\]$/m,
      );
      expect(run.stdout).toContain(join(cwd, "r", "exchanges.har"));
      const har = JSON.parse(readFileSync(join(cwd, "r", "exchanges.har"), "utf8"));
      expect(await harErrors(har)).toEqual([]);
      const urls: string[] = har.log.entries.map((e: { request: { url: string } }) => e.request.url);
      expect(urls.filter((u) => u.startsWith(`${base}/resolve?`)).length).toBeGreaterThan(1);
      expect(JSON.stringify(har)).not.toContain(server.keys.plus);
    } finally {
      await server.close();
    }
  });

  it("an argv parse error prints usage and exit 2 before any report folder is known: none is written", async () => {
    const cwd = tempDir();
    const run = await cbcheck(["run", "--runs", "zero"], cwd);
    expect(run.code).toBe(2);
    expect(existsSync(join(cwd, "reports"))).toBe(false);
  });
});

describe("a stopped run never reports PASS", () => {
  it("--deadline-s: exit 2, incomplete with why in every file and on the console", async () => {
    const cwd = tempDir();
    // 10,000 planned calls: about 20 s here, far past the deadline on any machine; the plan samples every
    // generated request first, so more runs only cost CPU before the first call.
    const args = ["run", "--suite", "schema", "--runs", "2000", "--deadline-s", "2", "--seed", "3"];
    const run = await cbcheck([...args, "--report-dir", "r"], cwd);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).not.toMatch(/^PASS/m);
    expect(run.stdout).toMatch(/^INCOMPLETE: \d+ passed/m);
    expect(run.stderr).toMatch(/stopped at the 2 s deadline.*\[CB_STOPPED\]/);
    const { json, md, junit } = read(join(cwd, "r"));
    expect(json.verdict).toBe("incomplete");
    expect(json.reason).toContain("2 s deadline");
    expect(md).toContain("# cbcheck run: INCOMPLETE");
    expect(md).not.toContain("PASS");
    expect(junit).toMatch(/<error message="stopped at the 2 s deadline[^"]*" type="cbcheck.incomplete">/);
  });

  it("--max-calls below the plan: exit 2 before the first call, saying how many are needed, never PASS", async () => {
    const cwd = tempDir();
    const run = await cbcheck(["run", "--max-calls", "12", "--seed", "3", "--report-dir", "r"], cwd);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).not.toMatch(/^PASS/m);
    expect(run.stderr).toMatch(/--max-calls 12 is below the plan: this run needs \d+ calls/);
    const { json } = read(join(cwd, "r"));
    expect(json.verdict).toBe("error");
    expect(json.summary.calls ?? 0).toBe(0);
  });

  it("a Retry-After beyond the deadline: exit 2, incomplete, not pass", async () => {
    const server = await startCountingServer({ kind: "rate-limited-for-an-hour" });
    try {
      const cwd = tempDir();
      const args = ["run", "--base-url", server.baseUrl, "--fixtures", EXAMPLE_FIXTURES, "--suite", "schema"];
      const run = await cbcheck([...args, "--deadline-s", "20", "--report-dir", "r"], cwd, {
        CB_API_KEY: "k",
      });
      expect(run.code, run.stdout + run.stderr).toBe(2);
      expect(run.stdout).not.toMatch(/^PASS/m);
      const { json, md } = read(join(cwd, "r"));
      expect(json.verdict).toBe("incomplete");
      expect(json.reason).toMatch(/429 asked to wait 3600 s/);
      expect(md).toContain("INCOMPLETE");
    } finally {
      await server.close();
    }
  });
});
