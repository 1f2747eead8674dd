/**
 * The rules every paced call of the runner follows, shared by `send` (one call at a time) and `sendMany`
 * (up to N in flight): each call is counted against `--max-calls` and cut at the deadline; a 429 is judged,
 * then waited out ("Wait at least Retry-After seconds", Errors) and the call repeated; a 401/402/403 on the
 * main key where none was expected stops the run (Authentication: "The client must stop and not retry").
 */
import type { Exchange } from "../transport/exchange.js";
import { undecodedBody } from "../transport/lazy-body.js";
import { RUNNER } from "../verdicts/runner.js";
import type { PlannedRequest } from "../vocabulary/planned-request.js";
import { CreditsWithheld } from "./credits/budget.js";
import { judgeRefusal } from "./credits/judge-refusal.js";
import { isCreditRefusal } from "./credits/price.js";
import type { RunEngine } from "./engine.js";
import { judgeAndRecord } from "./judge-record.js";
import type { SuiteContext } from "./suite.js";

/** Resends of one request after 429s before the 429 itself is returned to the suite. */
export const MAX_429_WAITS = 5;
const FATAL = new Set([401, 402, 403]);

/** Options of one paced send (the `SuiteContext.send` options). */
export interface SendOptions {
  /** Return a 429 to the suite instead of waiting it out. */
  expect429?: boolean;
  /** The suite expects 401/402/403 on the main key (do not stop the run). */
  expectFatal?: boolean;
  /** The planned credit check this call belongs to (its pool of the credit plan); absent: generated. */
  creditPurpose?: string;
  /**
   * A 200's body is left undecoded and judged on the judging worker (`RunEngine.judgeAhead`), unless the
   * call takes credits; the suite awaits `ctx.judgeAhead(exchange)` before it records the exchange, and
   * before it decides on a call that takes credits (the credit budget then has every balance seen so far).
   * Long sequential `schema` rounds.
   */
  judgeAhead?: boolean;
}

/** One counted call on the wire, without the 429 and fatal-status rules; `lazyBody`: see `SendOptions.judgeAhead`. */
export type Dispatch = (request: PlannedRequest, lazyBody?: boolean) => Promise<Exchange>;

/** Calls strictly one after another through the engine's sequential pacer (the default). */
export function sequentialDispatch(engine: RunEngine): Dispatch {
  return (request, lazyBody) =>
    dispatch(engine, request, (call) => engine.pacer.run(call, engine.deadline.signal), lazyBody);
}

/**
 * Calls that may overlap (the caller bounds how many): each still waits out any Retry-After hold first,
 * so that after a 429 no new call starts before the hold has passed, whichever call received the 429.
 */
export function overlappingDispatch(engine: RunEngine): Dispatch {
  return (request) =>
    dispatch(engine, request, async (call) => {
      await waitOutHold(engine);
      return call();
    });
}

/** Waits until the Retry-After hold has passed, re-read after each sleep: a 429 meanwhile may extend it. */
export async function waitOutHold(engine: RunEngine): Promise<void> {
  for (let wait = engine.pacer.waitMs; wait > 0; wait = engine.pacer.waitMs) await engine.guard.wait(wait);
}

/**
 * Holds every new call for a 429 nobody asked for: its Retry-After (counted toward giving up; throws the stop
 * past the limit or the deadline), said on the progress line.
 */
export function holdFor429(engine: RunEngine, exchange: Exchange): void {
  const waitS = engine.guard.retryAfterWait(exchange);
  engine.onProgress(`429 received: waiting ${waitS} s (Retry-After)`);
  engine.pacer.holdFor(waitS);
}

async function dispatch(
  engine: RunEngine,
  request: PlannedRequest,
  schedule: (call: () => Promise<Exchange>) => Promise<Exchange>,
  lazyBody = false,
): Promise<Exchange> {
  const signal = engine.deadline.signal;
  engine.spend();
  const wire = engine.wire(request);
  let exchange: Exchange;
  try {
    exchange = await schedule(() => engine.transport.send(wire, signal, lazyBody));
  } catch (err) {
    if (signal.aborted) throw engine.guard.deadlineStop();
    throw err;
  }
  // A call cut by the deadline says nothing about the target: the guard stops instead of judging it.
  engine.guard.afterSend(exchange);
  // An undecoded body is tallied and judged on the worker (sendPaced, `RunEngine.judgeAhead`).
  if (undecodedBody(exchange.response)) return exchange;
  engine.seen.add(exchange);
  await engine.guard.prejudge(exchange);
  return exchange;
}

/** Sends one request through `once` with the 429 and fatal-status rules of the contract. */
export async function sendPaced(
  engine: RunEngine,
  ctx: SuiteContext,
  once: Dispatch,
  request: PlannedRequest,
  opts: SendOptions = {},
): Promise<Exchange> {
  const withheld = engine.credits.withhold(request, opts.creditPurpose);
  if (withheld) throw new CreditsWithheld(withheld);
  const taken = engine.credits.take(request, opts.creditPurpose);
  // A call that expects a 429 is the rate-limit burst: it must pass the limit, so it is not paced.
  const paced = async () => {
    if (!opts.expect429) await engine.paceSlot();
    // A call that takes credits is settled at once: the next credit decision needs its balance.
    return once(request, opts.judgeAhead === true && taken === 0);
  };
  let exchange = await paced();
  for (
    let waits = 0;
    exchange.response?.status === 429 && !opts.expect429 && waits < MAX_429_WAITS;
    waits++
  ) {
    // A 429 is judged like any response, then waited out, unless 429s in a row passed the give-up limit.
    judgeAndRecord(ctx, exchange, { onlyFailures: true });
    holdFor429(engine, exchange);
    exchange = await paced();
  }
  const status = exchange.response?.status;
  if (taken > 0 && isCreditRefusal(exchange)) {
    // A 402 to a call that costs credits is judged against the balance, and does not stop the run.
    judgeRefusal(ctx, engine.credits, request, exchange, engine.notes);
    engine.credits.settle(request.key, taken, exchange);
    return exchange;
  }
  const undecoded = undecodedBody(exchange.response);
  if (undecoded) engine.judgeAhead(exchange, undecoded, request.key);
  else engine.credits.settle(request.key, taken, exchange);
  if (status !== undefined && FATAL.has(status) && (request.key ?? "main") === "main" && !opts.expectFatal) {
    ctx.record({
      verdict: RUNNER.mainKeyNotRefused,
      operation: request.operation,
      status: "fail",
      exchange,
      message: `the main key got ${status} where a valid Plus key must be served; the run stopped`,
    });
    throw engine.stop(
      "fatal-status",
      `the target answered the main key with ${status}: the run stopped (contract: stop on 401/402/403)`,
    );
  }
  return exchange;
}
