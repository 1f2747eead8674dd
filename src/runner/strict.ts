/**
 * `--strict`: every warning row of a run becomes a failure, so that a CI gate can refuse the readings we
 * only warn about by default (a contract sentence read two ways, an RFC 9110 rule the contract does not
 * restate). The row keeps saying why it failed only under `--strict`, in its message.
 */
import type { CheckResult } from "../report/model.js";

/** What a warning row says once `--strict` made it a failure. */
export const STRICT_MESSAGE = "a warning, counted as a failure by --strict";

/** The rows as reported: unchanged, or with every `warn` turned into `fail` when `strict` is on. */
export function strictResults(results: CheckResult[], strict: boolean): CheckResult[] {
  if (!strict) return results;
  return results.map((r) =>
    r.status === "warn"
      ? { ...r, status: "fail", message: r.message ? `${r.message} (${STRICT_MESSAGE})` : STRICT_MESSAGE }
      : r,
  );
}
