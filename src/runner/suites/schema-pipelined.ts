/**
 * The first property round of the `schema` suite at `--concurrency 1`: the requests the sequential property
 * would generate (round-requests.ts), sent strictly one after another ("calls made one after another"),
 * each judged and recorded in request order exactly as the property would. Judging a response overlaps the
 * target's work on the next request: the next call goes out as soon as the previous response is read and
 * settled, and the previous exchange is judged while it is in flight. On a failure the round stops (the call
 * in flight is still judged); shrinking needs the property, which finds the failure again from the same seed.
 * A long round (`options.judgeAhead`) judges on the judging worker instead: each response body is handed to
 * it undecoded as soon as it is in, decoded and judged on the second core while the next calls are sent and
 * served, and the judgements are read and recorded in request order, at most `AHEAD` exchanges behind. The
 * round then stops at most that many calls after a failure, every one of them judged and recorded.
 */
import type fc from "fast-check";
import type { Exchange } from "../../transport/exchange.js";
import type { PlannedRequest } from "../../vocabulary/planned-request.js";
import { creditPrice } from "../credits/price.js";
import type { SuiteContext } from "../suite.js";
import { roundRequests } from "./round-requests.js";
import { judgeRoundExchange } from "./schema-rules.js";

/** Exchanges whose judgement on the worker may still be under way while the round goes on. */
const AHEAD = 64;

/** Resolves once the microtasks queued so far have run: a call just started is then on the wire. */
const afterPendingWrites = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Sends and records one round, one call at a time; true when an exchange failed (the caller then replays
 * the round with the property to shrink). Throws `RunStopped` (or a harness error) after judging what came
 * back before it.
 */
export async function pipelinedRound(
  ctx: SuiteContext,
  arb: fc.Arbitrary<PlannedRequest>,
  seed: number,
  key?: string,
): Promise<boolean> {
  const requests = roundRequests(arb, seed, ctx.options.runs, key);
  return ctx.options.judgeAhead ? judgedAhead(ctx, requests) : judgedBetweenCalls(ctx, requests);
}

/** Whether a request is withheld by the credit budget, decided after the previous call settled. */
function withheld(ctx: SuiteContext, request: PlannedRequest): boolean {
  if (!ctx.credits.withhold(request)) return false;
  ctx.credits.withheld++;
  return true;
}

async function judgedBetweenCalls(ctx: SuiteContext, requests: Iterable<PlannedRequest>): Promise<boolean> {
  let failed = false;
  let unjudged: Exchange | undefined;
  try {
    for (const request of requests) {
      if (failed) break;
      if (withheld(ctx, request)) continue;
      const sending = ctx.send(request);
      // Awaited below; until then a rejection must not count as unhandled.
      sending.catch(() => {});
      if (unjudged) {
        const previous = unjudged;
        unjudged = undefined;
        await afterPendingWrites();
        if (judgeRoundExchange(ctx, previous)) failed = true;
      }
      unjudged = await sending;
    }
  } finally {
    if (unjudged && judgeRoundExchange(ctx, unjudged)) failed = true;
  }
  return failed;
}

async function judgedAhead(ctx: SuiteContext, requests: Iterable<PlannedRequest>): Promise<boolean> {
  let failed = false;
  const ahead: Exchange[] = [];
  const recordOldest = async (): Promise<void> => {
    const oldest = ahead.shift();
    if (!oldest) return;
    await ctx.judgeAhead(oldest);
    if (judgeRoundExchange(ctx, oldest)) failed = true;
  };
  try {
    for (const request of requests) {
      if (failed) break;
      if (withheld(ctx, request)) continue;
      if (creditPrice(request) > 0) {
        // Decided again once every earlier response is settled: their balances may withhold it after all.
        ctx.settleAhead();
        if (withheld(ctx, request)) continue;
      }
      ahead.push(await ctx.send(request, { judgeAhead: true }));
      while (ahead.length > AHEAD) await recordOldest();
    }
  } finally {
    while (ahead.length > 0) await recordOldest();
  }
  return failed;
}
