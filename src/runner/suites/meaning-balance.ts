/**
 * `cost.balance_matches_me`: the `cost.balance` of a call is the balance the key used draws on, which `/me`
 * shows as `credential.credits` ("`credential` for the key used"; for a team key "the team's balance …
 * apply", while top-level `credits` stays the personal balance). Judged on `/me`, one basic read and `/me`
 * again, with the main key and with a team key when one is given. What may move between the calls is
 * accepted: the call's own charge (the balance before or after it), rounding to a hundredth of a credit, and
 * anything else that changes the balance meanwhile (other clients of the account or the team, a top-up):
 * then any value between the two `/me` readings passes and others are not judged.
 */
import { isObject } from "../../checks/support/json.js";
import { okEnvelope } from "../../checks/support/response.js";
import type { Exchange } from "../../transport/exchange.js";
import { MEANING } from "../../verdicts/meaning.js";
import type { KeyChoice } from "../../vocabulary/planned-request.js";
import { judgeAndRecord } from "../judge-record.js";
import type { Outcome, SuiteContext } from "../suite.js";
import { outcomeOf } from "./expect.js";
import { judgeUsedCounts, type MeReading } from "./meaning-used.js";
import { entityGet } from "./samples.js";

/** Credits are compared to a hundredth: a server may round the one figure and not the other. */
const ROUNDING = 0.005;

/** The three exchanges of one key's reading (`/me`, a basic read, `/me`). */
export type BalanceReading = MeReading;

/** `credential.credits` and top-level `credits` of a 200 `/me`, when numbers. */
function meCredits(ex: Exchange): { key?: number; personal?: number } {
  const json = ex.response?.status === 200 ? ex.response.json : undefined;
  if (!isObject(json)) return {};
  const key = isObject(json.credential) ? json.credential.credits : undefined;
  return {
    ...(typeof key === "number" ? { key } : {}),
    ...(typeof json.credits === "number" ? { personal: json.credits } : {}),
  };
}

/** `cost.balance` and `cost.credits_charged` of a 200 data answer, when numbers. */
function costOf(ex: Exchange): { balance?: number; charged: number } {
  const cost = okEnvelope(ex)?.cost;
  if (!isObject(cost)) return { charged: 0 };
  const charged = typeof cost.credits_charged === "number" ? cost.credits_charged : 0;
  return typeof cost.balance === "number" ? { balance: cost.balance, charged } : { charged };
}

const near = (a: number, b: number) => Math.abs(a - b) <= ROUNDING + 1e-9 * Math.abs(b);

/** The outcome of one key's reading (pure, so that every accepted reading is shown by a test). */
export function judgeBalance(r: BalanceReading): Outcome {
  const verdict = MEANING.balanceMatchesMe;
  const b1 = meCredits(r.before).key;
  const b2 = meCredits(r.after).key;
  const { balance, charged } = costOf(r.call);
  if (b1 === undefined || b2 === undefined || balance === undefined) {
    const message = `not judged (${r.key} key): /me and the read must answer 200 with credential.credits and cost.balance`;
    return { verdict, status: "skip", message, exchange: r.call };
  }
  if ([b1, b2, b1 - charged].some((b) => near(balance, b)))
    return { verdict, status: "pass", exchange: r.call };
  const moved = !near(b2, b1) && !near(b2, b1 - charged);
  if (moved) {
    const inside = balance >= Math.min(b1, b2) - ROUNDING && balance <= Math.max(b1, b2) + ROUNDING;
    if (inside) return { verdict, status: "pass", exchange: r.call };
    const message = `not judged (${r.key} key): the balance moved between the two /me readings (${b1} to ${b2})`;
    return { verdict, status: "skip", message, exchange: r.call };
  }
  const personal = meCredits(r.before).personal;
  const hint =
    r.key === "team" && personal !== undefined && near(balance, personal)
      ? " (it is the personal balance: for a team key the team's balance applies)"
      : "";
  return outcomeOf(verdict, r.call, [
    {
      title: `cost.balance of a call with the ${r.key} key is not the balance /me shows for that key${hint}`,
      pointer: "/cost/balance",
      expected: `${b1} (credential.credits of /me before the call${charged > 0 ? `, or ${b1 - charged} after its charge` : ""}, and after it: ${b2})`,
      received: String(balance),
    },
  ]);
}

const ME = { operation: "me", method: "GET", path: "/me" } as const;

/** The keys read: the main key, and a team key when the run has one. */
export function balanceKeys(hasTeamKey: boolean | undefined): KeyChoice[] {
  return hasTeamKey ? ["main", "team"] : ["main"];
}

/**
 * `/me`, a basic read of `org` (no credits) and `/me` again with each key; records per key the balance's outcome
 * and the used counts' (meaning-used.ts).
 */
export async function checkBalance(ctx: SuiteContext, org: string): Promise<void> {
  for (const key of balanceKeys(ctx.hasTeamKey)) {
    const before = await ctx.send({ ...ME, key });
    const call = await ctx.send({ ...entityGet(org), key });
    const after = await ctx.send({ ...ME, key });
    for (const ex of [before, call, after]) judgeAndRecord(ctx, ex);
    ctx.record(judgeBalance({ key, before, call, after }));
    ctx.record(judgeUsedCounts({ key, before, call, after }));
  }
}
