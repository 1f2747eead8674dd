import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** Runs the real CLI in a child process. */
function cbcheck(args: string[]) {
  const out = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", "certify-client", ...args], {
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

describe("cbcheck certify-client (CLI)", () => {
  it("exits 2 with a one-line message when no command is given", () => {
    const run = cbcheck(["--scenario", "happy"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^cbcheck: no client command: .* \[CB_USAGE\]\n$/);
  });

  it("exits 2 when the command does not exist", () => {
    const run = cbcheck(["--", "./no-such-client-here"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("[CB_COMMAND_NOT_FOUND]");
    expect(run.stderr).not.toContain("    at ");
  });

  it("exits 2 on an unknown scenario or level", () => {
    expect(cbcheck(["--scenario", "nope", "--", "node", "x.js"]).code).toBe(2);
    expect(cbcheck(["--level", "some", "--", "node", "x.js"]).code).toBe(2);
  });

  it("teaches in --help: environment, scenarios, exit codes and an example", () => {
    const run = cbcheck(["--help"]);
    expect(run.code).toBe(0);
    for (const text of ["CB_BASE_URL", "CB_OUTPUT_FILE", "long-retry-after", "Exit codes", "Example"]) {
      expect(run.stdout).toContain(text);
    }
  });

  it("exits 0 and writes the certificate for the reference client; exits 1 for a client that logs the key", () => {
    const dir = mkdtempSync(join(tmpdir(), "cbcheck-cli-certify-"));
    const good = cbcheck([
      "--scenario",
      "happy",
      "--report-dir",
      dir,
      "--timeout-s",
      "30",
      "--",
      process.execPath,
      "--import",
      "tsx",
      "examples/reference-client-adapter.js",
    ]);
    expect(good.code, good.stderr).toBe(0);
    expect(good.stdout).toContain("CERTIFIED");
    expect(readdirSync(dir).sort()).toEqual(["junit.xml", "report.html", "report.json", "report.md"]);
    const bad = cbcheck([
      "--scenario",
      "happy",
      "--report-dir",
      dir,
      "--",
      process.execPath,
      "--import",
      "tsx",
      "src/certify/test-support/defective-clients/logs-key.ts",
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("failed: client.key_not_logged");
    const json = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as { verdict: string };
    expect(json.verdict).toBe("fail");
    rmSync(dir, { recursive: true, force: true });
  }, 180_000);
});
