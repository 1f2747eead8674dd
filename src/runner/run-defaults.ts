/**
 * Defaults of `cbcheck run` and its suites in order (see options.ts), apart so that the resolver stays one job
 * and `--help` shows them without loading it.
 */
import type { SuiteName } from "../vocabulary/suite-name.js";

/** Defaults of the options, in one place (also shown by `--help`). */
export const RUN_DEFAULTS = {
  apiKeyEnv: "CB_API_KEY",
  freeApiKeyEnv: "CB_FREE_API_KEY",
  teamApiKeyEnv: "CB_TEAM_API_KEY",
  revokedApiKeyEnv: "CB_REVOKED_API_KEY",
  noCreditsApiKeyEnv: "CB_NO_CREDITS_API_KEY",
  /** Credits a run may spend when credits are allowed: a real key's balance is finite (say 100). */
  maxCredits: 100,
  runs: 40,
  expectRateLimit: "120/60",
  timeoutMs: 10_000,
  deadlineS: 600,
  /** Calls in a row without a response before the run gives up: 5 × the 10 s timeout ends a dead target in ~1 min. */
  giveUpAfterFailures: 5,
  /**
   * 429s in a row (each waited out) before the run gives up; a working limiter serves after one wait. At most
   * the runner's own waits per request (5), so that a suite never judges a 429 it did not ask for.
   */
  giveUpAfter429s: 5,
  maxBodyBytes: 16 * 1024 * 1024,
  altIgnore: ["/request_id", "/as_of", "/cost/balance"],
  /** Sequential by default: the contract recommends calls one after another. */
  concurrency: 1,
  /**
   * `--runs` from which the sequential `schema` rounds judge every exchange on the judging worker (the
   * second core) while the next call is served. Below it the worker's start (about 0.5 s of CPU) costs
   * more than it saves (bench/deep-runs.ts).
   */
  judgeAheadFromRuns: 400,
  /**
   * Embedded server: the window the `rate-limit` suite judges (lifted for every other suite). Short, so
   * that its Retry-After wait is the contract's least, 1 s; small, so that even a loaded machine sends the
   * 21 calls that must pass it well within that second (100 per 1 s left some runs inconclusive).
   */
  embeddedRateLimit: 20,
  embeddedRateWindowMs: 1000,
} as const;

/** Every suite `run` knows, in the order they run (rate-limit last: it empties the rate window). */
export const SUITE_ORDER: SuiteName[] = [
  "http",
  "auth",
  "schema",
  "negative",
  "limits",
  "alt-base-url",
  "batch-limits",
  "rate-limit",
];
