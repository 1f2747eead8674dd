/**
 * A verdict as src/verdicts defines it: its definition and the files that judge it. A response check or a
 * client rule is its own judging file; every other verdict names the suite, runner or load file that judges it.
 */
import type { Verdict } from "../vocabulary/verdict.js";

/** A verdict defined in src/verdicts, with the repo-relative paths of the files that judge it. */
export interface JudgedVerdict extends Verdict {
  /** Two files when `run` and `load` judge the same idea (e.g. `rate.limit_enforced`). */
  readonly judgedIn: readonly string[];
}

/** A verdict as the registry lists it. */
export interface RegisteredVerdict extends JudgedVerdict {
  /** How the judging files name the definition: its key in a group of src/verdicts, or the id itself. */
  readonly name: string;
}
