/**
 * The `SuiteContext` a suite sees: paced sends within the budget and deadline, 429 handling, the stop on
 * an unexpected 401/402/403, judging by the check catalogue, recording, sharding and progress.
 */
import type { Judgement } from "../checks/run-checks.js";
import type { Exchange } from "../transport/exchange.js";
import type { PlannedRequest } from "../vocabulary/planned-request.js";
import type { SuiteName } from "../vocabulary/suite-name.js";
import type { RunEngine } from "./engine.js";
import { overlappingDispatch, type SendOptions, sendPaced, sequentialDispatch } from "./paced-send.js";
import { suiteOptionsOf } from "./plan.js";
import { sendConcurrent } from "./send-concurrent.js";
import { sendMany } from "./send-many.js";
import { isInShard } from "./shard.js";
import type { ConcurrentSends, SendManyResult, SuiteContext } from "./suite.js";

export type { SendOptions } from "./paced-send.js";

/** Builds the context of one suite on the shared engine. */
export function createSuiteContext(engine: RunEngine, suite: SuiteName | "discovery"): SuiteContext {
  const { options, target, fixtures } = engine;
  const signal = engine.deadline.signal;

  const sequential = sequentialDispatch(engine);
  const overlapping = overlappingDispatch(engine);

  const ctx: SuiteContext = {
    target: {
      baseUrl: target.baseUrl,
      ...(target.altBaseUrl ? { altBaseUrl: target.altBaseUrl } : {}),
      isLoopback: target.isLoopback,
    },
    hasFreeKey: engine.keys.free !== undefined,
    hasRevokedKey: engine.keys.revoked !== undefined,
    hasTeamKey: engine.keys.team !== undefined,
    hasNoCreditsKey: engine.keys.noCredits !== undefined,
    credits: engine.credits,
    fixtures,
    options: suiteOptionsOf(
      options,
      target,
      engine.plan.runs,
      engine.plan.maxPairwise ?? options.maxPairwise,
    ),
    send(request: PlannedRequest, opts: SendOptions = {}): Promise<Exchange> {
      return sendPaced(engine, ctx, sequential, request, opts);
    },
    sendConcurrent(requests: PlannedRequest[], concurrency: number): Promise<ConcurrentSends> {
      if (!ctx.options.allowLoad) throw new Error("sendConcurrent needs a loopback target or --allow-load");
      return sendConcurrent(engine, ctx, requests, concurrency);
    },
    sendMany(requests, concurrency, onExchange): Promise<SendManyResult> {
      const sendOne = (request: PlannedRequest) => sendPaced(engine, ctx, overlapping, request);
      return sendMany(requests, concurrency, sendOne, onExchange);
    },
    judge(exchange: Exchange, checkIds?: string[]): Judgement {
      return engine.prejudged.judge(exchange, checkIds);
    },
    judgeAhead(exchange: Exchange): Promise<void> {
      return engine.judgedAhead(exchange);
    },
    settleAhead(): void {
      engine.settleAhead();
    },
    record(outcome) {
      engine.onOutcome(suite, engine.results.add(suite, outcome));
    },
    inShard(caseKey: string): boolean {
      return isInShard(`${suite}:${caseKey}`, options.shard);
    },
    signal,
    clock: options.clock,
    progress(message: string): void {
      engine.onProgress(`[${suite}] ${message}`);
    },
  };
  return ctx;
}
