/**
 * Starts a child process with stdout and stderr collected as text, for end-to-end tests of the CLI.
 */
import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";

/** A running child: its process, its exit code when it ends, and what it printed so far. */
export interface CollectingChild {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  errors(): string;
}

/** Spawns `command args…` (stdin ignored) and collects its output. */
export function spawnCollecting(
  command: string,
  args: string[],
  options: SpawnOptions = {},
): CollectingChild {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout?.on("data", (c) => {
    out += c;
  });
  child.stderr?.on("data", (c) => {
    err += c;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => out, errors: () => err };
}
