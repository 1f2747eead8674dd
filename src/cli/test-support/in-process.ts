/**
 * Test helper: `cbcheck ARGS…` run in this process (no child, no build), with `env` set over the process
 * environment for its duration and stdout/stderr captured; the exit code as main.ts would give it.
 */
import { vi } from "vitest";
import { HarnessError } from "../../errors.js";
import { buildProgram } from "../program.js";

/** What an in-process command left: its exit code and what it printed. */
export interface InProcessRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the program on `args`; a harness error is exit 2 (its one line is not printed here). */
export async function cbcheckInProcess(
  args: string[],
  env: Record<string, string> = {},
): Promise<InProcessRun> {
  const printed = { stdout: "", stderr: "" };
  const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    printed.stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    printed.stderr += String(chunk);
    return true;
  });
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    const failed = await buildProgram()
      .parseAsync(["node", "cbcheck", ...args])
      .then(
        () => false,
        (error: unknown) => {
          if (error instanceof HarnessError) return true;
          throw error;
        },
      );
    return { code: failed ? 2 : Number(process.exitCode ?? 0), ...printed };
  } finally {
    process.exitCode = undefined;
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    out.mockRestore();
    err.mockRestore();
  }
}
