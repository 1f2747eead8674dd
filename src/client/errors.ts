/**
 * Typed errors of the reference client. Callers match on `status`, `code` and `fatal`, never on message text.
 * Contract, Errors: 401 "Stop", 402 "Stop until the next month…", 403 "Stop and tell the account owner".
 */

/** Statuses after which the contract tells the client to stop the run. */
export const FATAL_STATUSES: ReadonlySet<number> = new Set([401, 402, 403]);

/** The API answered with an error status (contract, Errors). The message never contains the key. */
export class CbApiError extends Error {
  /** HTTP status, e.g. 429. */
  readonly status: number;
  /** `error.code` of the body (e.g. `volume_limit`), or `unknown` when the body had none. */
  readonly code: string;
  /** `Retry-After` in seconds when the response carried one (429, sometimes 503). */
  readonly retryAfter: number | undefined;
  /** True for 401, 402, 403: the run must stop (contract, Errors). */
  readonly fatal: boolean;
  /** `error.required_tier` with `plan_required`. */
  readonly requiredTier: string | undefined;
  /** `error.upgrade_url` with `plan_required`. */
  readonly upgradeUrl: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    retryAfter?: number;
    requiredTier?: string;
    upgradeUrl?: string;
    message?: string;
  }) {
    super(init.message ?? describe(init.status, init.code, init.retryAfter));
    this.name = "CbApiError";
    this.status = init.status;
    this.code = init.code;
    this.retryAfter = init.retryAfter;
    this.fatal = FATAL_STATUSES.has(init.status);
    this.requiredTier = init.requiredTier;
    this.upgradeUrl = init.upgradeUrl;
  }
}

/** The request never got a complete response (connection refused, reset, timeout). */
export class CbTransportError extends Error {
  /** Stable code, e.g. `CB_CONNECT`, `CB_TIMEOUT`, or undici's own code. */
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CbTransportError";
    this.code = code;
  }
}

function describe(status: number, code: string, retryAfter: number | undefined): string {
  const wait = retryAfter === undefined ? "" : ` (Retry-After: ${retryAfter} s)`;
  return `Company Graph API answered ${status} ${code}${wait}`;
}
