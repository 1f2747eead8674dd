/**
 * Builds `CheckFailure`s so every check reports the same fields in the same way.
 */
import type { Check, CheckFailure, Severity } from "../check.js";

/** What a check found, before the check id is attached. */
export interface Finding {
  title: string;
  pointer?: string;
  expected?: string;
  received?: string;
  severity?: Severity;
}

/** Turns a finding of `check` into a `CheckFailure` (severity `error` unless given). */
export function failure(check: Pick<Check, "id">, finding: Finding): CheckFailure {
  return {
    checkId: check.id,
    severity: finding.severity ?? "error",
    title: finding.title,
    ...(finding.pointer !== undefined ? { pointer: finding.pointer } : {}),
    ...(finding.expected !== undefined ? { expected: finding.expected } : {}),
    ...(finding.received !== undefined ? { received: finding.received } : {}),
  };
}
