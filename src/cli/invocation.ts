/**
 * One invocation of the command line: the io it was given, its outputs (redacted once the command knows its
 * keys) and the exit code its command sets. Commands take it instead of reaching for `process`, so the same
 * program runs installed (`processIo`) and in-process in a test.
 */
import { type CliIo, type CliOutput, pathIn } from "./cli-io.js";
import { hideInOutput, shownOn } from "./redacted-output.js";

/** The state of one `main(argv, io)` call, shared by the command it runs. */
export class Invocation {
  /** Set by the command (0, 1, 2, 130, 143); undefined: it ended normally, exit 0. */
  exitCode: number | undefined;

  constructor(readonly io: CliIo) {}

  get stdout(): CliOutput {
    return this.io.stdout;
  }

  get stderr(): CliOutput {
    return this.io.stderr;
  }

  get env(): CliIo["env"] {
    return this.io.env;
  }

  /** From now on stdout and stderr never show `keys`, in any encoding (Authentication 6). */
  hideInOutput(keys: readonly (string | undefined)[]): void {
    hideInOutput([this.io.stdout, this.io.stderr], keys);
  }

  /** `text` redacted as stdout shows it (for outputs outside the reports: a CI step summary). */
  redact(text: string): string {
    return shownOn(this.io.stdout, text);
  }

  /** A path argument, taken relative to the invocation's working directory. */
  path(path: string): string {
    return pathIn(this.io, path);
  }

  /** `flags` with those of `keys` that hold a path taken relative to the working directory. */
  withPaths<T extends object>(flags: T, ...keys: (keyof T)[]): T {
    const out = { ...flags };
    for (const key of keys) {
      const value = out[key];
      if (typeof value === "string") out[key] = this.path(value) as T[keyof T];
    }
    return out;
  }
}
