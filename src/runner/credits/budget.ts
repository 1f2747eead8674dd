/**
 * The run's credit budget (`--max-credits`): planned up front into pools for the checks that need the
 * influencer dataset, drawn on by every call that costs credits, and never exceeded. A call is withheld when
 * its price is more than what is left of its pool and the unplanned rest, or more than the last balance the
 * target reported for the key (`/me` `credential.credits`, `cost.balance`). A 402 is judged against that
 * last balance: covered → a contract failure; not covered → the credit checks end, inconclusive.
 */

import { balanceIn, chargedIn, type ResponseFacts } from "../../checks/support/response-facts.js";
import type { Exchange } from "../../transport/exchange.js";
import type { KeyChoice, PlannedRequest } from "../../vocabulary/planned-request.js";
import { creditPrice } from "./price.js";

/** Credits one planned check needs; `purpose` names its pool. */
export interface CreditNeed {
  purpose: string;
  price: number;
  /** The key whose balance pays (default `main`). */
  key?: KeyChoice;
}

/** How a 402 on a credit call reads: the last balance seen covered the price, or not. */
export interface RefusalReading {
  covered: boolean;
  /** The balance last reported for the key before the call (undefined: none seen). */
  lastBalance?: number;
  price: number;
}

/** Whether a key's calls draw on a balance this run may spend (the main key and a team key). */
export function isSpendingKey(key: KeyChoice | undefined): boolean {
  return key === undefined || key === "main" || key === "team";
}

/** The credit budget of one run. */
export class CreditBudget {
  /** Credits charged so far (plus the prices of calls in flight). */
  spent = 0;
  /** Calls not sent because the budget or the balance did not cover them. */
  withheld = 0;
  readonly #pools = new Map<string, number>();
  readonly #poolKeys = new Map<string, KeyChoice>();
  readonly #balances = new Map<KeyChoice, number>();
  /** Prices of calls sent but not settled, by key: the balance seen does not show them yet. */
  readonly #inFlight = new Map<KeyChoice, number>();
  readonly #refusals = new WeakSet<Exchange>();
  #ended?: string;

  constructor(readonly max: number) {}

  /** Reserves a pool per need, in order, while the budget lasts; returns the purposes that did not fit. */
  plan(needs: readonly CreditNeed[]): string[] {
    const left: string[] = [];
    for (const need of needs) {
      if (need.price > this.#unplanned()) {
        left.push(need.purpose);
        continue;
      }
      this.#pools.set(need.purpose, need.price);
      this.#poolKeys.set(need.purpose, need.key ?? "main");
    }
    return left;
  }

  /** Credits not planned for any check and not yet spent: what generated cases may use. */
  #unplanned(): number {
    let reserved = 0;
    for (const amount of this.#pools.values()) reserved += amount;
    return Math.max(0, this.max - this.spent - reserved);
  }

  /** The last balance the target reported for a key, if any. */
  balance(key: KeyChoice = "main"): number | undefined {
    return this.#balances.get(key);
  }

  /** Why the credit checks ended (a 402), or undefined while they may go on. */
  get ended(): string | undefined {
    return this.#ended;
  }

  /**
   * Why `request` must not be sent, or undefined when it may be. `times`: sent that often (both bases);
   * `committed`: credits of calls planned before it but not yet sent.
   */
  withhold(
    request: PlannedRequest,
    purpose?: string,
    { times = 1, committed = 0 }: { times?: number; committed?: number } = {},
  ): string | undefined {
    const price = creditPrice(request) * times;
    if (price === 0 || !isSpendingKey(request.key)) return undefined;
    if (this.#ended) return this.#ended;
    const pool = purpose === undefined ? 0 : (this.#pools.get(purpose) ?? 0);
    if (price + committed > pool + this.#unplanned()) {
      return `the credit budget does not cover it (price ${price}, spent ${this.spent} of --max-credits ${this.max})`;
    }
    const key = request.key ?? "main";
    const seen = this.#balances.get(key);
    // The balance must also keep covering the other planned checks that this key pays for.
    const balance =
      seen === undefined
        ? undefined
        : seen - (this.#inFlight.get(key) ?? 0) - this.#reservedFor(key, purpose);
    if (balance !== undefined && price + committed > balance) {
      return `the last balance the target reported (${balance} credits) does not cover its price (${price}); raise the balance`;
    }
    return undefined;
  }

  /** Credits still planned for checks paid by `key`, other than `purpose`'s own. */
  #reservedFor(key: KeyChoice, purpose: string | undefined): number {
    let sum = 0;
    for (const [name, amount] of this.#pools) {
      if (name !== purpose && this.#poolKeys.get(name) === key) sum += amount;
    }
    return sum;
  }

  /** Takes the price of a call about to be sent from its pool (then from the unplanned rest); returns it. */
  take(request: PlannedRequest, purpose?: string): number {
    const price = isSpendingKey(request.key) ? creditPrice(request) : 0;
    if (price === 0) return 0;
    const pool = purpose === undefined ? 0 : (this.#pools.get(purpose) ?? 0);
    const fromPool = Math.min(pool, price);
    if (purpose !== undefined && this.#pools.has(purpose)) this.#pools.set(purpose, pool - fromPool);
    this.spent += price;
    const key = request.key ?? "main";
    this.#inFlight.set(key, (this.#inFlight.get(key) ?? 0) + price);
    return price;
  }

  /** Settles a call: what it was charged replaces its price; the balance it reports is remembered. */
  settle(key: KeyChoice | undefined, taken: number, exchange: Exchange): void {
    const status = exchange.response?.status;
    this.settleFacts(key, taken, status, { charged: chargedIn(exchange), balance: balanceIn(exchange) });
  }

  /** `settle` from what the judging worker read of a response (`ResponseFacts`) and its status. */
  settleFacts(
    key: KeyChoice | undefined,
    taken: number,
    status: number | undefined,
    facts: Omit<ResponseFacts, "seen">,
  ): void {
    const charged = facts.charged ?? (status === 200 ? taken : 0);
    this.spent += charged - taken;
    const choice = key ?? "main";
    if (taken > 0) this.#inFlight.set(choice, (this.#inFlight.get(choice) ?? 0) - taken);
    this.#observeBalance(key, facts.balance);
  }

  /** Remembers the balance a response reports for the key it was sent with. */
  observe(key: KeyChoice | undefined, exchange: Exchange): void {
    this.#observeBalance(key, balanceIn(exchange));
  }

  #observeBalance(key: KeyChoice | undefined, balance: number | undefined): void {
    if (balance !== undefined && isSpendingKey(key)) this.#balances.set(key ?? "main", balance);
  }

  /**
   * Reads a 402 on a credit call (before `settle`): covered when the last balance seen covered its price.
   * Either way the credit checks end here; `isRefused` then knows the exchange.
   */
  readRefusal(request: PlannedRequest, exchange: Exchange): RefusalReading {
    const lastBalance = this.#balances.get(request.key ?? "main");
    const price = creditPrice(request);
    const covered = lastBalance !== undefined && lastBalance >= price;
    this.#refusals.add(exchange);
    this.#ended ??= covered
      ? `the target refused credits it had reported (balance ${lastBalance}, price ${price})`
      : `credits ran out: spent ${this.spent} credits; raise the balance or lower --max-credits`;
    return { covered, price, ...(lastBalance !== undefined ? { lastBalance } : {}) };
  }

  /** Whether an exchange is a 402 already judged by `readRefusal` (suites then judge nothing else on it). */
  isRefused(exchange: Exchange): boolean {
    return this.#refusals.has(exchange);
  }
}

/** Thrown when a suite sends a credit call the budget withholds (suites ask `withhold` first). */
export class CreditsWithheld extends Error {
  constructor(reason: string) {
    super(`credit call not sent: ${reason}`);
    this.name = "CreditsWithheld";
  }
}
