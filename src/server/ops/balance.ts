/**
 * `cost.balance` of a data response: the balance the key used draws on (Authentication 5: for a team key
 * the team's balance), the same figure `/me` shows as `credential.credits`.
 */
import type { Account } from "../keys.js";
import type { ServerState } from "../state.js";

/** The balance of the bucket `account` draws on (the personal one under seeded bug `cost-balance-personal`). */
export function balanceFor(state: ServerState, account: Account): number {
  return state.balances.get(state.bugs.balancePersonal ? account.personalBucket : account.bucket) ?? 0;
}
