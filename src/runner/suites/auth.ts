/**
 * Suite `auth` (contract, Authentication 1–4): no credential, a wrong key and a revoked key give 401 with
 * `WWW-Authenticate`; a Free key gives 403 `plan_required` (with `required_tier` and `upgrade_url`) on data
 * operations but 200 on `/me` and `/capabilities`; `influencer` needs Plus.
 */

import { AUTH } from "../../verdicts/access.js";
import type { KeyChoice, PlannedRequest } from "../../vocabulary/planned-request.js";
import type { PlanInput, Suite, SuiteContext, SuitePlan } from "../suite.js";
import { expectError, expectStatus, recordVerdict } from "./expect.js";
import { accountSamples, dataSamples, entityBatch } from "./samples.js";

const CODES_401 = ["authentication_required", "invalid_token"];

async function unauthenticated(ctx: SuiteContext): Promise<void> {
  const keys: KeyChoice[] = ["none", "invalid", ...(ctx.hasRevokedKey ? (["revoked"] as const) : [])];
  for (const key of keys) {
    for (const request of [...dataSamples(ctx.fixtures), ...accountSamples()]) {
      if (!ctx.inShard(`401:${key}:${request.operation}`)) continue;
      const ex = await ctx.send({ ...request, key });
      expectError(ctx, AUTH.unauthenticated, ex, {
        status: 401,
        code: CODES_401,
        headers: ["www-authenticate"],
      });
    }
  }
}

function apiAccess(json: unknown): unknown {
  return (json as { api_access?: unknown } | undefined)?.api_access;
}

async function freeKey(ctx: SuiteContext): Promise<void> {
  if (!ctx.hasFreeKey) {
    const message = "no free key given (--free-api-key-env): free-plan checks not run";
    for (const verdict of [AUTH.planRequired, AUTH.everyPlan])
      ctx.record({ verdict, status: "skip", message });
    return;
  }
  const influencer = entityBatch({
    ids: ctx.fixtures.influencer_ids.slice(0, 1).concat(ctx.fixtures.known_ids[0]),
    dataset: "influencer",
  });
  const data: PlannedRequest[] = [...dataSamples(ctx.fixtures), influencer];
  for (const request of data) {
    if (!ctx.inShard(`403:${request.operation}:${request.body ? "b" : "q"}`)) continue;
    const ex = await ctx.send({ ...request, key: "free" });
    const verdict = request === influencer ? AUTH.influencerPlus : AUTH.planRequired;
    expectError(ctx, verdict, ex, {
      status: 403,
      code: "plan_required",
      fields: ["required_tier", "upgrade_url"],
    });
  }
  for (const request of accountSamples()) {
    if (!ctx.inShard(`free-200:${request.operation}`)) continue;
    const ex = await ctx.send({ ...request, key: "free" });
    expectStatus(ctx, AUTH.everyPlan, ex, [200]);
    if (request.operation === "me" && ex.response?.status === 200) {
      const value = apiAccess(ex.response.json);
      recordVerdict(
        ctx,
        AUTH.meApiAccess,
        ex,
        value === false
          ? []
          : [
              {
                title: "api_access on a Free key",
                pointer: "/api_access",
                expected: "false (REST requires Plus)",
                received: JSON.stringify(value),
              },
            ],
      );
    }
  }
}

async function mainKeyAccount(ctx: SuiteContext): Promise<void> {
  for (const request of accountSamples()) {
    if (!ctx.inShard(`main-200:${request.operation}`)) continue;
    const ex = await ctx.send(request);
    expectStatus(ctx, AUTH.everyPlan, ex, [200]);
    if (request.operation === "me" && ex.response?.status === 200) {
      const value = apiAccess(ex.response.json);
      recordVerdict(
        ctx,
        AUTH.meApiAccess,
        ex,
        value === true
          ? []
          : [
              {
                title: "api_access on the main (Plus) key",
                pointer: "/api_access",
                expected: "true",
                received: JSON.stringify(value),
              },
            ],
      );
    }
  }
  if (!ctx.options.allowCredits || ctx.fixtures.influencer_ids.length === 0) {
    const why = ctx.options.allowCredits
      ? "no influencer_ids in the fixtures"
      : "influencer reads cost credits: pass --allow-credits";
    ctx.record({
      verdict: AUTH.influencerPlus,
      operation: "entity-batch",
      status: "skip",
      message: `Plus influencer read not tried: ${why}`,
    });
    return;
  }
  if (!ctx.inShard("influencer-plus")) return;
  const ex = await ctx.send(
    entityBatch({ ids: ctx.fixtures.influencer_ids.slice(0, 2), dataset: "influencer" }),
  );
  expectStatus(ctx, AUTH.influencerPlus, ex, [200]);
}

/** Calls of the suite: every sample without a key, with a wrong and a revoked one; the free and main keys. */
function plan(input: PlanInput): SuitePlan {
  const samples = dataSamples(input.fixtures).length + accountSamples().length;
  const unauthenticated = (input.hasRevokedKey ? 3 : 2) * samples;
  const free = input.hasFreeKey ? dataSamples(input.fixtures).length + 1 + accountSamples().length : 0;
  const influencer = input.options.allowCredits && input.fixtures.influencer_ids.length > 0;
  return {
    calls: unauthenticated + free + accountSamples().length + (influencer ? 1 : 0),
    reserve: 0,
    credits: influencer ? Math.min(2, input.fixtures.influencer_ids.length) : 0,
  };
}

/** The `auth` suite. */
export const authSuite: Suite = {
  name: "auth",
  description:
    "401 with WWW-Authenticate without or with a wrong key; Free key 403 plan_required; influencer needs Plus",
  plan,
  async run(ctx) {
    await unauthenticated(ctx);
    await freeKey(ctx);
    await mainKeyAccount(ctx);
  },
};
