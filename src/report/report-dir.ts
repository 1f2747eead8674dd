/**
 * Where reports go when no `--report-dir` is given: `reports/<command>/<timestamp>` (a new folder per run,
 * never another run's) plus a copy in `reports/<command>/latest` that scripts can find without a listing.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";

/** The commands that write reports. */
export type ReportingCommand = "run" | "load" | "certify-client" | "merge" | "compare";

/** Root of the default report folders, relative to the working directory. */
export const REPORTS_ROOT = "reports";

/** The timestamped default folder of one run of `command`, e.g. `reports/run/2026-11-23T11-29-31-042Z`. */
export function defaultReportDir(command: ReportingCommand, now: Date = new Date()): string {
  return join(REPORTS_ROOT, command, now.toISOString().replace(/[:.]/g, "-"));
}

/** The folder that always holds a copy of the newest default-folder reports of `command`. */
export function latestReportDir(command: ReportingCommand): string {
  return join(REPORTS_ROOT, command, "latest");
}

/**
 * Creates `dir` for this run alone: when another run already made it (two runs in the same millisecond),
 * the next free `dir-2`, `dir-3`, … is taken instead. Returns the folder created.
 */
export async function claimReportDir(dir: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? dir : `${dir}-${n}`;
    await mkdir(join(candidate, ".."), { recursive: true });
    try {
      await mkdir(candidate);
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || n >= 100) throw error;
    }
  }
}
