/**
 * `cbcheck certify-client` through main(argv, io), in-process; the clients it certifies are real processes
 * (the reference adapter on the built package, a transpiled defective client).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { defectiveClient } from "../../certify/test-support/certify-with.js";
import { removeCompiledClients } from "../../certify/test-support/compile-clients.js";
import { runMain } from "../test-support/run-main.js";

afterAll(removeCompiledClients);

/** Runs `cbcheck certify-client ARGS…` in-process. */
const cbcheck = (args: string[]) => runMain(["certify-client", ...args]);

describe("cbcheck certify-client (CLI)", () => {
  it("exits 2 with a one-line message when no command is given", async () => {
    const run = await cbcheck(["--scenario", "happy"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^cbcheck: no client command: .* \[CB_USAGE\]\n$/);
  });

  it("exits 2 when the command does not exist", async () => {
    const run = await cbcheck(["--", "./no-such-client-here"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("[CB_COMMAND_NOT_FOUND]");
    expect(run.stderr).not.toContain("    at ");
  });

  it("exits 2 on an unknown scenario or level", async () => {
    expect((await cbcheck(["--scenario", "nope", "--", "node", "x.js"])).code).toBe(2);
    expect((await cbcheck(["--level", "some", "--", "node", "x.js"])).code).toBe(2);
  });

  it("teaches in --help: environment, scenarios, exit codes and an example", async () => {
    const run = await cbcheck(["--help"]);
    expect(run.code).toBe(0);
    for (const text of ["CB_BASE_URL", "CB_OUTPUT_FILE", "long-retry-after", "Exit codes", "Example"]) {
      expect(run.stdout).toContain(text);
    }
  });

  it("exits 0 and writes the certificate for the reference client; exits 1 for a client that logs the key", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cbcheck-cli-certify-"));
    // The adapter is plain JavaScript on the built package (`import … from "cbcheck"`), as users run it.
    const good = await cbcheck([
      "--scenario",
      "happy",
      "--report-dir",
      dir,
      "--timeout-s",
      "30",
      "--",
      process.execPath,
      "examples/reference-client-adapter.js",
    ]);
    expect(good.code, good.stderr).toBe(0);
    expect(good.stdout).toContain("CERTIFIED");
    expect(readdirSync(dir).sort()).toEqual(["junit.xml", "report.html", "report.json", "report.md"]);
    const bad = await cbcheck([
      "--scenario",
      "happy",
      "--report-dir",
      dir,
      "--",
      ...(await defectiveClient("logs-key")),
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("failed: client.key_not_logged");
    // The end-of-run text groups the failures by rule (failure-summary.ts), as every command does.
    expect(bad.stdout).toMatch(/^Failures: 1 rule broken \(1 check\)/m);
    expect(bad.stdout).toMatch(/^FAIL client\.key_not_logged: 1 exchange, 1 check/m);
    const json = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as { verdict: string };
    expect(json.verdict).toBe("fail");
    rmSync(dir, { recursive: true, force: true });
  }, 180_000);
});
