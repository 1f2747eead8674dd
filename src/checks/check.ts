import type { Exchange } from "../transport/exchange.js";

/** Whether a finding breaks the contract (`error`) or only looks odd under one reading of it (`warning`). */
export type Severity = "error" | "warning";

/** One way a recorded exchange breaks (or may break) the contract. */
export interface CheckFailure {
  /** The id of the check that found it. */
  checkId: string;
  severity: Severity;
  /** One-line title, e.g. "cursor is not null on resolve". */
  title: string;
  /** JSON pointer into the response body (or `/headers/<name>`), when the failure has a place. */
  pointer?: string;
  /** What the contract requires. */
  expected?: string;
  /** What was received. */
  received?: string;
}

/**
 * A contract rule that JSON Schema cannot express (or that decides which schema applies).
 * `run` is pure: it judges a recorded exchange and never sends requests.
 */
export interface Check {
  /** Stable public id, used in CLI, reports and docs, e.g. `resolve.cursor_null`. */
  id: string;
  /** Contract section the sentence comes from, e.g. "Endpoints / GET /resolve". */
  section: string;
  /** The contract sentence this check enforces, quoted. */
  sentence: string;
  /** Whether this check judges this exchange at all. */
  appliesTo(exchange: Exchange): boolean;
  /** Failures found; empty when the rule holds. */
  run(exchange: Exchange): CheckFailure[];
}
