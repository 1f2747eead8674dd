/**
 * `SuiteContext.sendConcurrent`: requests sent in rounds of `concurrency` that start together, for the verdicts
 * about concurrency (batch-limits). Under a declared rate limit each round takes as many pace slots at once
 * (one slot per call would space them out and none would overlap). A 429 is the contract's answer to too many
 * calls, not a verdict on the batch: the round's throttled requests are judged as responses, waited out
 * ("Wait at least Retry-After seconds", Errors) and sent again together, up to `MAX_429_WAITS` times.
 */
import { parseRetryAfterSeconds } from "../client/pacing.js";
import type { Exchange } from "../transport/exchange.js";
import type { PlannedRequest } from "../vocabulary/planned-request.js";
import type { RunEngine } from "./engine.js";
import { judgeAndRecord } from "./judge-record.js";
import { holdFor429, MAX_429_WAITS, waitOutHold } from "./paced-send.js";
import type { ConcurrentSends, SuiteContext } from "./suite.js";

/** Sends `requests` `concurrency` at a time; the exchanges in request order and the most in flight at once. */
export async function sendConcurrent(
  engine: RunEngine,
  ctx: SuiteContext,
  requests: PlannedRequest[],
  concurrency: number,
): Promise<ConcurrentSends> {
  const signal = engine.deadline.signal;
  engine.spend(requests.length);
  const out: Exchange[] = new Array(requests.length);
  let inFlight = 0;
  let maxInFlight = 0;
  const sendOne = async (i: number): Promise<void> => {
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    out[i] = await engine.transport.send(engine.wire(requests[i]), signal).finally(() => inFlight--);
    engine.seen.add(out[i]);
    engine.guard.note(out[i]);
    await engine.guard.prejudge(out[i]);
  };
  const sendRound = async (round: number[]): Promise<void> => {
    await engine.paceSlot(round.length);
    await Promise.all(round.map(sendOne));
  };
  const width = Math.max(1, concurrency);
  for (let start = 0; start < requests.length; start += width) {
    let round = Array.from({ length: Math.min(width, requests.length - start) }, (_, k) => start + k);
    await sendRound(round);
    for (let waits = 0; waits < MAX_429_WAITS; waits++) {
      round = round.filter((i) => out[i].response?.status === 429);
      if (round.length === 0) break;
      for (const i of round) judgeAndRecord(ctx, out[i], { onlyFailures: true });
      // One wait for the round, the longest it was asked for: 429s answered together are one refusal toward
      // --give-up-after-429s, not one per batch.
      const retryAfter = (i: number) => parseRetryAfterSeconds(out[i].response?.headers["retry-after"]) ?? 1;
      const longest = round.reduce((a, b) => (retryAfter(b) > retryAfter(a) ? b : a));
      holdFor429(engine, out[longest]);
      await waitOutHold(engine);
      engine.spend(round.length);
      await sendRound(round);
    }
  }
  return { exchanges: out, maxInFlight };
}
