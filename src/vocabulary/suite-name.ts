/** The suites of `cbcheck run`, by name: what `--suite` selects and what the contract-sentence table cites. */

/** Names accepted by `--suite`. */
export type SuiteName =
  | "schema"
  | "negative"
  | "auth"
  | "http"
  | "limits"
  | "alt-base-url"
  | "rate-limit"
  | "batch-limits";
