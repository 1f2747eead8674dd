import type { Exchange } from "../transport/exchange.js";
import type { Verdict } from "../vocabulary/verdict.js";

/** Whether a finding breaks the contract (`error`) or only looks odd under one reading of it (`warning`). */
export type Severity = "error" | "warning";

/** What a judge found, before the id of its verdict is attached. */
export interface Problem {
  /** One-line title, e.g. "cursor is not null on resolve". */
  title: string;
  /** JSON pointer into the response body (or `/headers/<name>`), when the failure has a place. */
  pointer?: string;
  /** What the contract requires. */
  expected?: string;
  /** What was received. */
  received?: string;
  /** `error` unless given. */
  severity?: Severity;
}

/** One way a recorded exchange breaks (or may break) the contract. */
export interface CheckFailure extends Problem {
  /** The id of the verdict (a check, or a suite's own verdict) that found it. */
  checkId: string;
  severity: Severity;
}

/**
 * A response check: a verdict on one recorded exchange, for a contract rule that JSON Schema cannot express
 * (or that decides which schema applies). Its `id`, `section`, `sentence` and `level` are its definition;
 * `run` is pure: it judges a recorded exchange and never sends requests.
 */
export interface Check extends Verdict {
  /** `fail`, `warn`, or `fail or warn` when each failure carries the severity of the reading it breaks. */
  readonly level: "fail" | "warn" | "fail or warn";
  /** Whether this check judges this exchange at all. */
  appliesTo(exchange: Exchange): boolean;
  /** Failures found; empty when the rule holds. */
  run(exchange: Exchange): CheckFailure[];
}
