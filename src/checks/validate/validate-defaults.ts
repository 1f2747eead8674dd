/**
 * The default deadline of `cbcheck validate` and the parser of `--status`: what its flags and `--help` need,
 * apart from the resolver (options.ts), which loads the kinds and their schemas.
 */
import { HarnessError } from "../../errors.js";

/** The default of `deadlineS`: the same as `cbcheck run`'s overall deadline. */
export const VALIDATE_DEADLINE_S = 600;

/** `--status`: an HTTP status from 100 to 599. */
export function parseStatus(value: number | string): number {
  const n = typeof value === "number" ? value : /^\d{3}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n < 100 || n > 599)
    throw new HarnessError(
      "CB_USAGE",
      `--status must be an HTTP status from 100 to 599 (got ${JSON.stringify(value)})`,
    );
  return n;
}
