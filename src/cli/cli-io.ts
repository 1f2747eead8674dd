/**
 * What one invocation of the command line reads and writes: the process's own streams, environment, working
 * directory and signals (`processIo`, the installed `cbcheck`), or a test's (`main(argv, io)` in-process, so
 * that flag and error cases need no child process). Nothing under src/cli touches `process.*` but this file
 * and the bin (`main.ts`).
 */
import { isAbsolute, resolve } from "node:path";
import { type Clock, SYSTEM_CLOCK } from "../clock.js";

/** A stream the command writes text to (a terminal draws progress bars when `isTTY`). */
export type CliOutput = NodeJS.WritableStream & { isTTY?: boolean };

/** The signals a long command watches: `process` itself, or an `EventEmitter` a test emits on. */
export interface SignalSource {
  on(name: "SIGINT" | "SIGTERM", listener: () => void): unknown;
  off(name: "SIGINT" | "SIGTERM", listener: () => void): unknown;
}

/** Everything outside the program that the command line uses. */
export interface CliIo {
  stdout: CliOutput;
  stderr: CliOutput;
  /** `validate` reads its document here when no FILE is given. */
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Keys (`--api-key-env`), `CBCHECK_*` flags, `CI`: read from here only. */
  env: Readonly<Record<string, string | undefined>>;
  /** Relative paths (flags, arguments, `./cbcheck.config.json`, `./reports/`) are taken from here. */
  cwd: string;
  signals: SignalSource;
  /** The time commands pace, hold and wait on (the system's; a test's skips its waits). */
  clock: Clock;
  /** Ends the process at once with `code` (a second SIGINT/SIGTERM: the user will not wait for reports). */
  exit(code: number): void;
}

/** The io of the installed command: the process's own. */
export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
    signals: process,
    clock: SYSTEM_CLOCK,
    exit: (code) => process.exit(code),
  };
}

/**
 * `path` taken relative to `io.cwd`: unchanged when that is the process's own directory (the installed command
 * keeps the paths it was given, in its messages too), else resolved against it (an in-process run in another
 * directory reads and writes where a process started there would).
 */
export function pathIn(io: Pick<CliIo, "cwd">, path: string): string {
  return isAbsolute(path) || io.cwd === process.cwd() ? path : resolve(io.cwd, path);
}
