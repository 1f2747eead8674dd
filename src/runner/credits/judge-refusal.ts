/**
 * Judges a 402 on a call that costs credits (Errors: "402 | Available credits exhausted"): a failure when the
 * last balance the target reported covered the price; otherwise the credit checks end, inconclusive, with a
 * plain note. Either way the run goes on with the checks that cost nothing.
 */
import type { Exchange } from "../../transport/exchange.js";
import { CREDITS } from "../../verdicts/credits.js";
import type { PlannedRequest } from "../../vocabulary/planned-request.js";
import type { SuiteContext } from "../suite.js";
import type { CreditBudget } from "./budget.js";

/** Records the verdict on a 402 to a credit call; `notes` receives the plain note once. */
export function judgeRefusal(
  ctx: Pick<SuiteContext, "record">,
  budget: CreditBudget,
  request: PlannedRequest,
  exchange: Exchange,
  notes: string[],
): void {
  const first = budget.ended === undefined;
  const reading = budget.readRefusal(request, exchange);
  if (reading.covered) {
    ctx.record({
      verdict: CREDITS.refusedWhileCovered,
      operation: request.operation,
      status: "fail",
      exchange,
      failures: [
        {
          checkId: CREDITS.refusedWhileCovered.id,
          severity: "error",
          title: "402 although the last balance reported covered the call",
          expected: `200: the last balance reported for this key was ${reading.lastBalance} credits, the call costs at most ${reading.price}`,
          received: `402 ${errorCode(exchange)}`,
        },
      ],
    });
    return;
  }
  const note = budget.ended ?? "credits ran out";
  ctx.record({
    verdict: CREDITS.creditsRanOut,
    operation: request.operation,
    status: "inconclusive",
    message: note,
    exchange,
  });
  if (first) notes.push(`${note}; the checks that need the influencer dataset stopped there (inconclusive)`);
}

function errorCode(exchange: Exchange): string {
  const json = exchange.response?.json as { error?: { code?: unknown } } | undefined;
  return typeof json?.error?.code === "string" ? json.error.code : "(no error code)";
}
