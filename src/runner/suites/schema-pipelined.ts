/**
 * The first property round of the `schema` suite at `--concurrency 1`: the requests the sequential property
 * would generate (round-requests.ts), sent strictly one after another ("calls made one after another"),
 * each judged and recorded in request order exactly as the property would. Judging a response overlaps the
 * target's work on the next request: the next call goes out as soon as the previous response is read and
 * settled, and the previous exchange is judged while it is in flight. On a failure the round stops (the call
 * in flight is still judged); shrinking needs the property, which finds the failure again from the same seed.
 */
import type fc from "fast-check";
import type { Exchange } from "../../transport/exchange.js";
import type { PlannedRequest } from "../../vocabulary/planned-request.js";
import type { SuiteContext } from "../suite.js";
import { roundRequests } from "./round-requests.js";
import { judgeRoundExchange } from "./schema-rules.js";

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
  examples: PlannedRequest[] = [],
  key?: string,
): Promise<boolean> {
  let failed = false;
  const judge = (ex: Exchange): void => {
    if (judgeRoundExchange(ctx, ex)) failed = true;
  };
  let unjudged: Exchange | undefined;
  try {
    for (const request of roundRequests(arb, seed, ctx.options.runs, examples, key)) {
      if (failed) break;
      // Decided after the previous call settled, as the property decides it.
      if (ctx.credits.withhold(request)) {
        ctx.credits.withheld++;
        continue;
      }
      const sending = ctx.send(request);
      // Awaited below; until then a rejection must not count as unhandled.
      sending.catch(() => {});
      if (unjudged) {
        const previous = unjudged;
        unjudged = undefined;
        await afterPendingWrites();
        judge(previous);
      }
      unjudged = await sending;
    }
  } finally {
    if (unjudged) judge(unjudged);
  }
  return failed;
}
