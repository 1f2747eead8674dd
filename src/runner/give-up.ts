/**
 * When to give up on a dead or hostile target: after N calls in a row without a response (timeouts,
 * resets, refused connections, oversize bodies), or after M 429s in a row that waiting `Retry-After` did
 * not clear. Without it a stalling target holds CI for the whole deadline (60 calls × 10 s) and one that
 * answers 429 to everything for minutes. Any other response starts the count again.
 */
import type { Exchange } from "../transport/exchange.js";

/** The two limits (`--give-up-after-failures`, `--give-up-after-429s`). */
export interface GiveUpLimits {
  failuresInARow: number;
  rateLimitedInARow: number;
}

/** Counts calls without a response, and 429s, in a row; says when the run should stop. */
export class GiveUpTracker {
  #failures = 0;
  #rateLimited = 0;
  #lastFailure = "";

  /** `target`: the base URL the calls go to, named in the reason (a command may send to two). */
  constructor(
    readonly limits: GiveUpLimits,
    readonly target?: string,
  ) {}

  /** Notes one call's outcome: a response of any status but 429 starts both counts again. */
  note(exchange: Exchange): void {
    if (exchange.transportError) {
      this.#failures++;
      this.#lastFailure = exchange.transportError.code;
      return;
    }
    this.#failures = 0;
    if (exchange.response?.status !== 429) this.#rateLimited = 0;
  }

  /** Notes a 429 the run did not send for (calls that probe the rate limit expect theirs). */
  noteUnexpected429(): void {
    this.#rateLimited++;
  }

  /** Why the run must stop now, or undefined while the target still answers. */
  reason(): { kind: "target-unresponsive" | "rate-limited"; message: string } | undefined {
    const from = this.target ? ` from ${this.target}` : "";
    if (this.#failures >= this.limits.failuresInARow) {
      return {
        kind: "target-unresponsive",
        message:
          `gave up after ${this.#failures} calls in a row without a response${from} (last: ${this.#lastFailure}; ` +
          "--give-up-after-failures): the target looks dead; checks not reached are not judged",
      };
    }
    if (this.#rateLimited >= this.limits.rateLimitedInARow) {
      return {
        kind: "rate-limited",
        message:
          `gave up after ${this.#rateLimited} 429 responses in a row${from}, Retry-After waited each time ` +
          "(--give-up-after-429s): checks not reached are not judged",
      };
    }
    return undefined;
  }
}
