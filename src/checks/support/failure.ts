/**
 * Builds `CheckFailure`s so every check reports the same fields in the same way.
 */
import type { Check, CheckFailure, Problem } from "../check.js";

/** Turns a problem `check` found into a `CheckFailure` (severity `error` unless given). */
export function failure(check: Pick<Check, "id">, problem: Problem): CheckFailure {
  return {
    checkId: check.id,
    severity: problem.severity ?? "error",
    title: problem.title,
    ...(problem.pointer !== undefined ? { pointer: problem.pointer } : {}),
    ...(problem.expected !== undefined ? { expected: problem.expected } : {}),
    ...(problem.received !== undefined ? { received: problem.received } : {}),
  };
}
