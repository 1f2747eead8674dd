/**
 * The `SuiteContext` a suite sees: paced sends within the budget and deadline, 429 handling, the stop on
 * an unexpected 401/402/403, judging by the check catalogue, recording, sharding and progress.
 */
import type { CheckFailure } from "../checks/check.js";
import { runChecks } from "../checks/run-checks.js";
import { parseRetryAfterSeconds } from "../client/pacing.js";
import type { Exchange } from "../transport/exchange.js";
import type { RunEngine } from "./engine.js";
import { judgeAndRecord } from "./judge-record.js";
import { isInShard } from "./shard.js";
import type { PlannedRequest, SuiteContext, SuiteName } from "./suite.js";

/** Resends of one request after 429s before the 429 itself is returned to the suite. */
const MAX_429_WAITS = 5;
const FATAL = new Set([401, 402, 403]);

/** Options of one paced send (the `SuiteContext.send` options, plus the runner's own). */
export interface SendOptions {
  /** Return a 429 to the suite instead of waiting it out. */
  expect429?: boolean;
  /** The suite expects 401/402/403 on the main key (do not stop the run). */
  expectFatal?: boolean;
}

/** Builds the context of one suite on the shared engine. */
export function createSuiteContext(engine: RunEngine, suite: SuiteName | "discovery"): SuiteContext {
  const { options, target, fixtures } = engine;
  const signal = engine.deadline.signal;

  const sendOnce = async (request: PlannedRequest): Promise<Exchange> => {
    engine.spend();
    const wire = engine.wire(request);
    try {
      const exchange = await engine.pacer.run(() => engine.transport.send(wire, signal), signal);
      // A call cut by the deadline says nothing about the target: stop instead of judging it.
      if (signal.aborted) throw new Error("deadline");
      return exchange;
    } catch (err) {
      if (signal.aborted)
        throw engine.stop("deadline", `stopped at the ${options.deadlineS} s deadline (--deadline-s)`);
      throw err;
    }
  };

  const ctx: SuiteContext = {
    target: {
      baseUrl: target.baseUrl,
      ...(target.altBaseUrl ? { altBaseUrl: target.altBaseUrl } : {}),
      isLoopback: target.isLoopback,
    },
    hasFreeKey: engine.keys.free !== undefined,
    hasRevokedKey: engine.keys.revoked !== undefined,
    fixtures,
    options: {
      seed: options.seed,
      runs: options.runs,
      allowCredits: options.allowCredits,
      allowLoad: options.allowLoad || target.isLoopback,
      expectRateLimit: options.expectRateLimit,
      altIgnore: options.altIgnore,
    },
    async send(request: PlannedRequest, opts: SendOptions = {}): Promise<Exchange> {
      let exchange = await sendOnce(request);
      for (
        let waits = 0;
        exchange.response?.status === 429 && !opts.expect429 && waits < MAX_429_WAITS;
        waits++
      ) {
        // A 429 is judged like any response, then waited out (Errors: "Wait at least Retry-After seconds").
        judgeAndRecord(ctx, exchange, { onlyFailures: true });
        const seconds = parseRetryAfterSeconds(exchange.response.headers["retry-after"]) ?? 1;
        const waitMs = Math.max(1, seconds) * 1000;
        if (waitMs > engine.remainingMs) {
          throw engine.stop(
            "deadline",
            `a 429 asked to wait ${seconds} s, past the --deadline-s ${options.deadlineS}`,
          );
        }
        engine.onProgress(`429 received: waiting ${Math.max(1, seconds)} s (Retry-After)`);
        engine.pacer.holdFor(Math.max(1, seconds));
        exchange = await sendOnce(request);
      }
      const status = exchange.response?.status;
      if (
        status !== undefined &&
        FATAL.has(status) &&
        (request.key ?? "main") === "main" &&
        !opts.expectFatal
      ) {
        ctx.record({
          id: "run.main_key_not_refused",
          operation: request.operation,
          status: "fail",
          section: "Authentication",
          sentence: "The client must stop and not retry with the same key.",
          exchange,
          message: `the main key got ${status} where a valid Plus key must be served; the run stopped`,
        });
        throw engine.stop(
          "fatal-status",
          `the target answered the main key with ${status}: the run stopped (contract: stop on 401/402/403)`,
        );
      }
      return exchange;
    },
    async sendConcurrent(requests: PlannedRequest[], concurrency: number): Promise<Exchange[]> {
      if (!ctx.options.allowLoad) throw new Error("sendConcurrent needs a loopback target or --allow-load");
      engine.spend(requests.length);
      const out: Exchange[] = new Array(requests.length);
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < requests.length) {
          const i = next++;
          out[i] = await engine.transport.send(engine.wire(requests[i]), signal);
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, requests.length)) }, worker));
      return out;
    },
    judge(exchange: Exchange, checkIds?: string[]): CheckFailure[] {
      return runChecks(exchange, checkIds);
    },
    record(outcome) {
      engine.results.add(suite, outcome);
    },
    inShard(caseKey: string): boolean {
      return isInShard(`${suite}:${caseKey}`, options.shard);
    },
    signal,
    progress(message: string): void {
      engine.onProgress(`[${suite}] ${message}`);
    },
  };
  return ctx;
}
