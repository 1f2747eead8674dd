import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** Runs the CLI from source, its stdout piped into a reader that closes after the first line. */
function runClosingEarly(args: string[]) {
  return spawnSync(
    "bash",
    ["-c", `node --import tsx src/cli/main.ts ${args.join(" ")} | head -1; exit \${PIPESTATUS[0]}`],
    { encoding: "utf8", timeout: 30_000 },
  );
}

describe("cbcheck main", () => {
  it("--help and --version exit 0", () => {
    const help = spawnSync("node", ["--import", "tsx", "src/cli/main.ts", "--help"], { encoding: "utf8" });
    expect(help.status).toBe(0);
    for (const command of ["validate", "serve", "run", "load", "certify-client", "openapi"])
      expect(help.stdout).toContain(command);
    const version = spawnSync("node", ["--import", "tsx", "src/cli/main.ts", "--version"], {
      encoding: "utf8",
    });
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("stops quietly when the reader of its output goes away (no EPIPE stack trace)", () => {
    const result = runClosingEarly(["run", "--help"]);
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).not.toMatch(/EPIPE|at .*\.js:\d+/);
  });

  it("an unknown command or flag is a usage error (exit 2)", () => {
    const unknown = spawnSync("node", ["--import", "tsx", "src/cli/main.ts", "frobnicate"], {
      encoding: "utf8",
    });
    expect(unknown.status).toBe(2);
    const flag = spawnSync("node", ["--import", "tsx", "src/cli/main.ts", "run", "--no-such-flag"], {
      encoding: "utf8",
    });
    expect(flag.status).toBe(2);
    expect(flag.stderr).toMatch(/unknown option/);
  });

  it("a harness error is one line on stderr, even when its message quotes multi-line input", () => {
    const result = spawnSync("node", ["--import", "tsx", "src/cli/main.ts", "validate", "--as", "error"], {
      input: "<html>\n<body>oops</body>\n</html>\n",
      encoding: "utf8",
    });
    expect(result.status).toBe(2);
    const lines = result.stderr.split("\n").filter((l) => l.startsWith("cbcheck:"));
    expect(lines).toHaveLength(1);
    expect(
      result.stderr
        .trim()
        .split("\n")
        .filter((l) => !l.startsWith("npm warn")),
    ).toHaveLength(1);
    expect(lines[0]).toMatch(/not JSON.*\[CB_INPUT_NOT_JSON\]$/);
  });
});
