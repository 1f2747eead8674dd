/**
 * One call of a planned credit check (auth, limits): sent only when the credit budget covers it, otherwise
 * the check is recorded skipped with the reason, like a check whose key was not given: the run chose not to
 * spend, so there is nothing to judge (running out of credits is never a violation). A 402 after the run's own
 * spending is judged by the budget (`isRefused`): inconclusive when the last balance did not cover the call.
 */
import type { Exchange } from "../../transport/exchange.js";
import type { PlannedRequest } from "../../vocabulary/planned-request.js";
import type { Verdict } from "../../vocabulary/verdict.js";
import type { SuiteContext } from "../suite.js";

/** The exchange to judge, or undefined when the call was withheld or answered with a judged 402. */
export async function sendCreditCall(
  ctx: SuiteContext,
  verdict: Verdict,
  request: PlannedRequest,
  purpose: string,
): Promise<Exchange | undefined> {
  const why = ctx.credits.withhold(request, purpose);
  if (why) {
    const message = `not sent: ${why}`;
    ctx.record({ verdict, operation: request.operation, status: "skip", message });
    return undefined;
  }
  const exchange = await ctx.send(request, { creditPurpose: purpose });
  return ctx.credits.isRefused(exchange) ? undefined : exchange;
}
