/**
 * What a verdict id of a report means: the id, the contract sentence it enforces (or why the harness judges
 * it) and how a break counts. Every verdict is written once — a response check in its own file, a client rule
 * in its own file, every other verdict in src/verdicts — and listed by the registry (src/verdicts/registry.ts).
 */

/**
 * How a broken verdict counts: `fail` fails the run (exit 1); `warn` only warns (exit 0); `fail or warn`: each
 * failure says which (a clear break fails, an odd case under one reading of an ambiguous sentence warns);
 * `required` / `recommended`: a client rule the contract states as a requirement / calls recommended practice;
 * `inconclusive`: never fails, records that the harness could not judge.
 */
export type VerdictLevel = "fail" | "warn" | "fail or warn" | "required" | "recommended" | "inconclusive";

/** The `section` of a verdict that enforces no contract sentence: the harness itself judges it. */
export const HARNESS_SECTION = "harness";

/** The definition of one verdict id. */
export interface Verdict {
  /** Stable public id in the dotted snake style `area.snake_case` (e.g. `resolve.cursor_null`). */
  readonly id: string;
  /** Contract section of the sentence (e.g. "Errors"), or `harness` when no contract sentence applies. */
  readonly section: string;
  /** The contract sentence, quoted; for a `harness` verdict, one line saying why it is judged. */
  readonly sentence: string;
  readonly level: VerdictLevel;
}
