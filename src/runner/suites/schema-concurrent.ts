/**
 * The first property round of the `schema` suite with `--concurrency N` > 1: the same requests the
 * sequential property would generate (round-requests.ts), sent with up to N in flight and
 * judged and recorded in request order exactly as the property would. Shrinking needs one request at a
 * time, so a failure is left to the sequential property, which finds it again from the same seed.
 */
import type fc from "fast-check";
import type { PlannedRequest } from "../../vocabulary/planned-request.js";
import { creditPrice } from "../credits/price.js";
import type { SuiteContext } from "../suite.js";
import { roundRequests } from "./round-requests.js";
import { judgeRoundExchange } from "./schema-rules.js";

/**
 * Sends and records one round concurrently; true when an exchange failed (the caller then replays the
 * round sequentially to shrink). Throws `RunStopped` after recording what came back before the stop.
 */
export async function concurrentRound(
  ctx: SuiteContext,
  arb: fc.Arbitrary<PlannedRequest>,
  seed: number,
  key?: string,
): Promise<boolean> {
  const requests = affordable(ctx, roundRequests(arb, seed, ctx.options.runs, key));
  let failed = false;
  const { stopped } = await ctx.sendMany(requests, ctx.options.concurrency, (ex) => {
    if (judgeRoundExchange(ctx, ex)) failed = true;
  });
  if (stopped) throw stopped;
  return failed;
}

/** The requests the credit budget covers, taken in order as if each before had been charged its price. */
function affordable(ctx: SuiteContext, requests: PlannedRequest[]): PlannedRequest[] {
  const kept: PlannedRequest[] = [];
  let committed = 0;
  for (const request of requests) {
    if (ctx.credits.withhold(request, undefined, { committed })) {
      ctx.credits.withheld++;
      continue;
    }
    kept.push(request);
    committed += creditPrice(request);
  }
  return kept;
}
