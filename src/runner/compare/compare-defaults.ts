/** Defaults of `cbcheck compare`, apart from its resolver and classifier so that `--help` shows them cheaply. */

/** Defaults of `compare`. */
export const COMPARE_DEFAULTS = { runs: 10, maxCalls: 2000, timeoutMs: 10_000 } as const;

/** Pointers compared as data by default: they change on every call or with every snapshot. */
export const DEFAULT_COMPARE_IGNORE = ["/request_id", "/as_of", "/cost/balance", "/cost/credits_charged"];
