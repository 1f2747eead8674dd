/**
 * `--quiet`, the output option of every command that prints progress: apart from the progress output itself
 * (progress-output.ts, with cli-progress), so that registering a command does not load it.
 */
import type { FlagTable } from "./flag-table.js";

/** The output option every long command shares. */
export interface ProgressOutputOptions {
  /** No progress bar and no event lines on stderr (the summary on stdout and errors stay). */
  quiet?: boolean;
}

/** The `--quiet` flag of every command that prints progress: `run`, `load`, `certify-client`, `compare`, `proxy`. */
export const QUIET_FLAG: FlagTable<ProgressOutputOptions> = {
  quiet: { flags: "--quiet", description: "no progress bar and no progress lines on stderr" },
};
