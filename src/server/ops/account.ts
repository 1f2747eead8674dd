/**
 * GET /me, GET /capabilities and GET /usage. The contract shows only part of /me ("Complete shape: not
 * shown") and nothing of the other two; the shapes here are ours (docs/server.md).
 */

import { envelope } from "../envelope.js";
import { jsonReply, type Reply } from "../http/reply.js";
import type { Account } from "../keys.js";
import { msUntilUtcMidnight } from "../limiter.js";
import type { ServerState } from "../state.js";
import { EXTENSIONS } from "../validate/fields.js";
import { balanceFor } from "./balance.js";

function limitsOf(state: ServerState, account: Account) {
  const o = state.options;
  return {
    calls_per_window: o.rateLimit,
    window_seconds: o.rateWindowMs / 1000,
    calls_per_day: o.callsPerDay,
    records_per_day: o.recordsPerDay,
    ids_per_call: account.maxIds,
  };
}

/** GET /me: `api_access`, personal `credits` and the `credential` of the key used (Other operations). */
export function me(state: ServerState, account: Account, now: number): Reply {
  const today = new Date(now).toISOString().slice(0, 10);
  const d = new Date(now);
  const day = state.limiter.day(account.bucket, today);
  const month = state.limiter.month(account.bucket, now);
  return jsonReply(200, {
    api_access: account.plan !== "free",
    plan: account.plan,
    credits: state.balances.get(account.personalBucket) ?? 0,
    credential: {
      billed_to: state.bugs.teamBilledPersonal ? "personal" : account.billedTo,
      credits: state.balances.get(account.bucket) ?? 0,
      limits: limitsOf(state, account),
      used: {
        today: { calls: day.calls, records: day.records, credits: day.credits },
        month: { calls: month.calls, records: month.records, credits: month.credits },
      },
      resets: {
        day: new Date(now + msUntilUtcMidnight(now)).toISOString(),
        month: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString(),
      },
    },
  });
}

/** GET /capabilities: what this key may do. */
export function capabilities(state: ServerState, account: Account): Reply {
  const rest = account.plan !== "free";
  return jsonReply(200, {
    contract: "cb/v1",
    plan: account.plan,
    api_access: rest,
    required_tier: rest ? null : "plus",
    operations: rest
      ? ["resolve", "entity-get", "entity-batch", "search", "traversals", "usage", "me", "capabilities"]
      : ["me", "capabilities"],
    datasets: rest ? ["basic", "influencer"] : [],
    extensions: [...EXTENSIONS],
    limits: limitsOf(state, account),
  });
}

/** GET /usage: daily counters of the last `days` days (envelope; `data.days` oldest first). */
export function usage(state: ServerState, account: Account, now: number, days: number): Reply {
  return jsonReply(
    200,
    envelope({
      asOf: new Date(now).toISOString(),
      data: { days: state.limiter.history(account.bucket, now, days) },
      entities: [],
      requested: [],
      missing: [],
      truncated: false,
      cursor: null,
      nextHint: null,
      units: 0,
      unitType: "record",
      creditsCharged: 0,
      balance: balanceFor(state, account),
      warnings: [],
    }),
  );
}
