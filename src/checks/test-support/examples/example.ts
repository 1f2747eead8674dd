import type { Exchange } from "../../../transport/exchange.js";
import type { Severity } from "../../check.js";

/** A passing exchange and a seeded violation for one check (tests and docs/checks.md use both). */
export interface CheckExample {
  pass: Exchange;
  fail: Exchange;
  /** Severity of the seeded violation's failure. */
  severity: Severity;
}
