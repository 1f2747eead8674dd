/** Defaults of `cbcheck run` (see options.ts), apart so that the resolver stays one job. */

/** Defaults of the options, in one place (also shown by `--help`). */
export const RUN_DEFAULTS = {
  apiKeyEnv: "CB_API_KEY",
  freeApiKeyEnv: "CB_FREE_API_KEY",
  runs: 40,
  maxCalls: 2000,
  expectRateLimit: "120/60",
  timeoutMs: 10_000,
  deadlineS: 600,
  maxBodyBytes: 16 * 1024 * 1024,
  altIgnore: ["/request_id", "/as_of", "/cost/balance"],
  /** Sequential by default: the contract recommends calls one after another. */
  concurrency: 1,
  /** Embedded server: a short window so that the whole default run stays quick. */
  embeddedRateLimit: 300,
  embeddedRateWindowMs: 3000,
} as const;
