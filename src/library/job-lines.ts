/**
 * The output-line helpers of a certification adapter (docs/certify-client.md) as the library gives them: the
 * same functions, their arguments checked at the edge, so that an adapter in plain JavaScript passing the wrong
 * type gets the documented `HarnessError` `CB_USAGE`, not a `TypeError` from inside.
 */
import * as lines from "../certify/job-lines.js";
import { checkShape } from "../option-shapes.js";

export type { JobLine } from "../certify/job-lines.js";

/** Output lines for the ids of one served batch call, in the order they were asked for. */
export function linesForServedChunk(
  ids: readonly string[],
  served: unknown,
  extend: readonly string[],
): lines.JobLine[] {
  checkShape(ids, "string[]", "linesForServedChunk: ids");
  checkShape(served, "object", "linesForServedChunk: served");
  checkShape(extend, "string[]", "linesForServedChunk: extend");
  return lines.linesForServedChunk(ids, served, extend);
}

/** Output lines for ids whose call was refused and not retried. */
export function linesForFailedChunk(ids: readonly string[], status: number, code: string): lines.JobLine[] {
  checkShape(ids, "string[]", "linesForFailedChunk: ids");
  checkShape(status, "number", "linesForFailedChunk: status");
  checkShape(code, "string", "linesForFailedChunk: code");
  return lines.linesForFailedChunk(ids, status, code);
}

/** Serialises lines for appending to the output file. */
export function formatLines(jobLines: readonly lines.JobLine[]): string {
  checkShape(jobLines, "object[]", "formatLines: lines");
  return lines.formatLines(jobLines);
}
