/**
 * Only the CLI reads the process environment: every other shipped source takes the environment it needs as
 * an option (`env`), so the library can be embedded and tested without touching globals. Inside the CLI, only
 * the bin (`main.ts`) and `processIo` (`cli-io.ts`) touch the process: commands use the io they are given. Tests and
 * test-support code (not shipped; the defective clients read CB_* as their interface) are left out.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..");

/** Whether TypeScript source text reads `process.env` (by property, by index, or by destructuring). */
function readsProcessEnv(text: string): boolean {
  return /\bprocess\s*(\.\s*env\b|\[\s*["'`]env["'`]\s*\])|\{[^}]*\benv\b[^}]*\}\s*=\s*process\b/.test(text);
}

/** Whether source text touches the process's streams, environment, arguments, directory, signals or exit. */
function touchesProcessIo(text: string): boolean {
  return /\bprocess\s*\.\s*(stdout|stderr|stdin|env|argv|cwd|exit|exitCode|on|off|once)\b/.test(text);
}

/** Shipped sources outside `src/cli`: no tests, benchmarks or test support. */
function shippedSourcesOutsideCli(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === "test-support" || path === join(SRC, "cli") ? [] : shippedSourcesOutsideCli(path);
    }
    const isSource = entry.name.endsWith(".ts") && !/\.(test|bench)\.ts$/.test(entry.name);
    return isSource ? [path] : [];
  });
}

describe("the process environment", () => {
  it("is read by no shipped source outside src/cli", () => {
    const files = shippedSourcesOutsideCli(SRC);
    expect(files.length).toBeGreaterThan(100);
    const readers = files.filter((file) => readsProcessEnv(readFileSync(file, "utf8")));
    expect(readers.map((file) => relative(SRC, file))).toEqual([]);
  });

  it("is touched in src/cli only by the bin and the process's io: every command goes through main(argv, io)", () => {
    const cli = join(SRC, "cli");
    const files = readdirSync(cli, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts") && !/\.(test|bench)\.ts$/.test(f) && !f.includes("test-support"))
      .map((f) => join(cli, f));
    expect(files.length).toBeGreaterThan(20);
    const touching = files.filter((file) => touchesProcessIo(readFileSync(file, "utf8")));
    expect(touching.map((file) => relative(SRC, file)).sort()).toEqual(["cli/cli-io.ts", "cli/main.ts"]);
    expect(touchesProcessIo("process.stdout.write(x)")).toBe(true);
    expect(touchesProcessIo("process.on('SIGINT', f)")).toBe(true);
    expect(touchesProcessIo("process.pid")).toBe(false);
  });

  it("is recognised however it is read", () => {
    for (const text of [
      "process.env.CI",
      "process.env[name]",
      'process["env"]',
      "const { env } = process;",
    ]) {
      expect(readsProcessEnv(text), text).toBe(true);
    }
    for (const text of ["options.env.CI", "processEnv", "const { env } = options;"]) {
      expect(readsProcessEnv(text), text).toBe(false);
    }
  });
});
