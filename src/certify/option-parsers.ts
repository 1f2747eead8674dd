/**
 * The default and parsers of `cbcheck certify-client`'s options: what its flags need, apart from the resolver
 * (options.ts), which loads the scenarios.
 */
import { HarnessError } from "../errors.js";
import { numberIn } from "../option-values.js";
import type { CertifyLevel } from "./grade-scenario.js";

/** Default seconds per scenario. */
export const DEFAULT_TIMEOUT_S = 60;

/** `--level`: `required` or `all`. */
export function parseLevel(level: string): CertifyLevel {
  if (level !== "all" && level !== "required") {
    throw new HarnessError("CB_USAGE", `--level must be "required" or "all", not "${level}"`);
  }
  return level;
}

/** `--timeout-s`: seconds above 0, at most a day. */
export function parseTimeoutS(value: number | string): number {
  return numberIn(value, "--timeout-s", 0, 86_400, true);
}
