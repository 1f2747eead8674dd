/**
 * How the client ended its job, as its exit code and output say. The interface asks for exit 0 when the job is
 * done; the exit code after per-id failures (ids written `failed` after an error answer, e.g. a 400) is left
 * open: "done with errors" may exit non-zero, as many batch tools do. A timeout or a signal never ends a job.
 */
import type { OutputFile } from "./output-file.js";
import type { ClientRun } from "./rule.js";

/** `done`: exit 0; `done-with-errors`: non-zero after writing ids as failed; `stopped`: any other end. */
export type JobEnd = "done" | "done-with-errors" | "stopped";

/** The end of the job of `run`, judged with its output file. */
export function jobEnd(run: ClientRun, output: OutputFile): JobEnd {
  if (run.timedOut || run.exitCode === null) return "stopped";
  if (run.exitCode === 0) return "done";
  return failedLineCount(output) > 0 ? "done-with-errors" : "stopped";
}

/** Ids the client wrote as failed. */
export function failedLineCount(output: OutputFile): number {
  return output.lines.filter((line) => line.kind === "failed").length;
}
