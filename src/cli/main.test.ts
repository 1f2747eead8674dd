import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { BUILT_CLI } from "./test-support/built-cli.js";
import { runMain } from "./test-support/run-main.js";

/** Runs the built CLI, its stdout piped into a reader that closes after the first line. */
function runClosingEarly(args: string[]) {
  return spawnSync(
    "bash",
    ["-c", `node "${BUILT_CLI}" ${args.join(" ")} | head -1; exit \${PIPESTATUS[0]}`],
    { encoding: "utf8", timeout: 30_000 },
  );
}

describe("cbcheck main", () => {
  it("--help and --version exit 0", async () => {
    const help = await runMain(["--help"]);
    expect(help.code).toBe(0);
    for (const command of ["validate", "serve", "run", "load", "certify-client", "openapi"])
      expect(help.stdout).toContain(command);
    const version = await runMain(["--version"]);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("the installed bin stops quietly when the reader of its output goes away (no EPIPE stack trace)", () => {
    const result = runClosingEarly(["run", "--help"]);
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).not.toMatch(/EPIPE|at .*\.js:\d+/);
  });

  it("the installed bin exits with main's code (2 on an unknown command)", () => {
    const result = spawnSync(process.execPath, [BUILT_CLI, "frobnicate"], {
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/unknown command 'frobnicate'/);
  });

  it("an unknown command or flag is a usage error (exit 2)", async () => {
    const unknown = await runMain(["frobnicate"]);
    expect(unknown.code).toBe(2);
    // With --help too: commander alone would print the main help and exit 0.
    const withHelp = await runMain(["frobnicate", "--help"]);
    expect(withHelp.code).toBe(2);
    expect(withHelp.stderr).toContain("error: unknown command 'frobnicate'");
    const flag = await runMain(["run", "--no-such-flag"]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/unknown option/);
  });

  it("a harness error is one line on stderr, even when its message quotes multi-line input", async () => {
    const result = await runMain(["validate", "--as", "error"], {
      stdin: "<html>\n<body>oops</body>\n</html>\n",
    });
    expect(result.code).toBe(2);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^cbcheck: .*not JSON.*\[CB_INPUT_NOT_JSON\]$/);
  });
});
