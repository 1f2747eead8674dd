/**
 * `--help` teaches: every command's help ends with examples and its exit codes, and no numeric default is
 * shown as a quoted string.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildProgram } from "./program.js";
import { runMain } from "./test-support/run-main.js";

async function help(command: string): Promise<string> {
  const { code, stdout } = await runMain([command, "--help"]);
  expect(code).toBe(0);
  return stdout;
}

/** The exit codes README's command table gives for `command` (its last cell's numbers). */
function readmeExitCodes(command: string): string[] {
  const row = readFileSync("README.md", "utf8")
    .split("\n")
    .find((line) => line.startsWith(`| \`cbcheck ${command}`));
  return (
    row
      ?.split(" | ")
      .at(-1)
      ?.match(/\b\d{1,3}\b/g) ?? []
  );
}

describe("--help of every command", () => {
  const commands = buildProgram().commands.map((c) => c.name());

  it("covers every command of the program", () => {
    expect(commands).toEqual(
      expect.arrayContaining(["run", "load", "certify-client", "validate", "serve", "merge"]),
    );
  });

  for (const name of commands) {
    it(`${name}: examples, exit codes, numbers shown as numbers`, async () => {
      const text = await help(name);
      expect(text).toMatch(/^Examples:$/m);
      expect(text).toMatch(/^Exit codes:/m);
      expect(text.indexOf("Exit codes:")).toBeGreaterThan(text.indexOf("Options:"));
      expect(text).not.toMatch(/\(default: "\d+(\.\d+)?"\)/);
      // README's command table claims no exit code the command's own --help does not list.
      const listed = new Set(text.slice(text.indexOf("Exit codes:")).match(/\b\d{1,3}\b/g));
      for (const code of readmeExitCodes(name))
        expect(listed, `README: ${name} exits ${code}`).toContain(code);
    });
  }
});
