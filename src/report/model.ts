/**
 * The report model shared by `run`, `load` and `certify-client`: one flat, serialisable result object
 * (written as report.json, schema in schemas/report.schema.json) that every reporter renders.
 */

/** Outcome of one check (or rule) on one operation. `warn` never fails a run. */
export type ResultStatus = "pass" | "fail" | "skip" | "warn" | "inconclusive";

/** A minimal, reproducible instance of a failure. The API key is always shown as `<redacted>`. */
export interface Counterexample {
  /** One-line title, e.g. "cursor is not null on resolve". */
  title: string;
  /** JSON pointer into the response (or `/headers/<name>`). */
  pointer?: string;
  expected?: string;
  received?: string;
  /** The request that shows it (after shrinking, when shrunk). */
  request?: { method: string; url: string; headers?: Record<string, string>; body?: string };
  /** Status received, when a response came. */
  status?: number;
  /** A curl line that repeats the request; the key appears as `<redacted>`. */
  curl?: string;
  /** Number of shrink steps taken to reach this request. */
  shrinks?: number;
  /** Free-form evidence lines (certification: "call 3 started 0.4 s after a 429 with Retry-After: 2"). */
  evidence?: string[];
}

/** One row of the report: a check (or rule) on an operation within a suite (or scenario). */
export interface CheckResult {
  /** Stable check or rule id, e.g. `resolve.cursor_null`. */
  id: string;
  /** Suite (run), profile (load) or scenario (certify-client). */
  suite: string;
  /** Operation judged, e.g. `resolve`, `entity-batch`; absent when the result is not per operation. */
  operation?: string;
  status: ResultStatus;
  /** The contract sentence enforced, quoted. */
  sentence: string;
  /** Contract section of the sentence. */
  section?: string;
  /** How many exchanges this check judged. */
  exchanges?: number;
  /** Why it was skipped, inconclusive, or a warning. */
  message?: string;
  counterexamples: Counterexample[];
}

/** The whole report of one command run. */
export interface Report {
  tool: "cbcheck";
  version: string;
  command: "run" | "load" | "certify-client" | "validate";
  /** ISO date-times. */
  startedAt: string;
  finishedAt: string;
  /** Seed that repeats the same requests (`--seed`). */
  seed?: number;
  target?: { baseUrl?: string; altBaseUrl?: string; embedded?: boolean; command?: string };
  /** pass: exit 0; fail: exit 1. */
  verdict: "pass" | "fail";
  summary: {
    passed: number;
    failed: number;
    skipped: number;
    warnings: number;
    inconclusive: number;
    calls?: number;
  };
  results: CheckResult[];
  /** Command-specific data (load: latency histograms; certify: scenarios). Rendered by their own sections. */
  details?: Record<string, unknown>;
  /** Extra notes shown at the top (e.g. "stopped at --max-calls 2000"). */
  notes?: string[];
}

/** A command-specific block of the HTML report (e.g. a latency plot), already rendered and self-contained. */
export interface HtmlSection {
  title: string;
  /** Trusted HTML (inline SVG allowed; no external resources). */
  html: string;
}
