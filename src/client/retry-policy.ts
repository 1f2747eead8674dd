/**
 * What the reference client does after an error answer (contract, Errors, "Client action"):
 * 429 — wait at least `Retry-After` seconds, then continue; 503 — retry later with the same request;
 * 401/402/403 — stop; 400 and the rest — never resent unchanged.
 */
import { CbApiError } from "./errors.js";
import { type HttpCall, type HttpSettings, sendCall } from "./http.js";
import type { SequentialPacer } from "./pacing.js";

/** Bounds of the retry behaviour. The contract leaves 503 timing and tries open; these are our choices. */
export interface RetryPolicy {
  /** Retries of one request after 503 before giving up. */
  max503Retries: number;
  /** Wait before the first 503 retry when no `Retry-After` came; doubles per try. */
  retry503DelayMs: number;
  /** Waits after 429 for one request before giving up. */
  max429Waits: number;
  /** A `Retry-After` longer than this is not waited out: the 429 is thrown (e.g. a daily limit). */
  maxRetryAfterS: number;
  /** Wait after a 429 that carried no usable `Retry-After` (one rate window of the contract's per-minute limit). */
  missingRetryAfterS: number;
}

/** Defaults: three 503 retries from 0.5 s, up to 10 waits of at most 5 minutes after 429. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  max503Retries: 3,
  retry503DelayMs: 500,
  max429Waits: 10,
  maxRetryAfterS: 300,
  missingRetryAfterS: 60,
};

/** Sends `call` through the pacer, waiting and retrying as the policy says; the same bytes on every try. */
export async function sendWithPolicy(
  pacer: SequentialPacer,
  settings: HttpSettings,
  call: HttpCall,
  policy: RetryPolicy,
): Promise<unknown> {
  let tries503 = 0;
  let waits429 = 0;
  for (;;) {
    try {
      return await pacer.run(
        () =>
          sendCall(settings, call).catch((err: unknown) => {
            // Set the hold before this turn settles, so no queued call can slip in ahead of it.
            if (err instanceof CbApiError && err.status === 429) {
              const wait = err.retryAfter ?? policy.missingRetryAfterS;
              if (wait <= policy.maxRetryAfterS) pacer.holdFor(wait);
            }
            throw err;
          }),
        settings.signal,
      );
    } catch (err) {
      if (!(err instanceof CbApiError)) throw err;
      if (err.status === 429) {
        const wait = err.retryAfter ?? policy.missingRetryAfterS;
        if (wait > policy.maxRetryAfterS || waits429 >= policy.max429Waits) throw err;
        waits429 += 1;
        continue;
      }
      const delayS = err.retryAfter ?? (policy.retry503DelayMs * 2 ** tries503) / 1000;
      if (err.status === 503 && tries503 < policy.max503Retries && delayS <= policy.maxRetryAfterS) {
        tries503 += 1;
        pacer.holdFor(delayS);
        continue;
      }
      throw err;
    }
  }
}
