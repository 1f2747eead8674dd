/**
 * Suite `schema`: for every operation, first the coverage phase — the valid and open requests of
 * generate/input-cases.ts, deterministic, each judged by the oracle of its class (input-oracles.ts:
 * `input.valid_accepted`, `input.open_bounded`) — then
 * the random phase: property-based valid requests compiled from the request schemas and fixtures. Every
 * response is judged by the whole check catalogue, and a valid request must get the contract's answer
 * (`input.valid_accepted`). A failing property is shrunk to a minimal request, recorded with its shrink
 * count. With `--concurrency N` > 1 the first round goes out N at a time (schema-concurrent.ts); the
 * sequential property then only runs when that round found a failure, to shrink it.
 */
import fc from "fast-check";
import type { CheckFailure } from "../../checks/check.js";
import {
  GENERATED_OPERATIONS,
  type GeneratedOperation,
  generationKey,
  type InputCase,
  inputCases,
  validRequests,
} from "../../generate/index.js";
import type { Exchange } from "../../transport/exchange.js";
import { INPUT } from "../../verdicts/input.js";
import type { PlannedRequest } from "../../vocabulary/planned-request.js";
import { influencerRecords } from "../influencer-records.js";
import { judgeAndRecord } from "../judge-record.js";
import { RunStopped } from "../run-stopped.js";
import type { PlanInput, Suite, SuiteContext, SuiteOptions, SuitePlan } from "../suite.js";
import { runCoverage } from "./coverage-phase.js";
import { recordVerdict } from "./expect.js";
import { judgeMeaning, meaningCalls } from "./meaning.js";
import { roundRequests } from "./round-requests.js";
import { concurrentRound } from "./schema-concurrent.js";
import { pipelinedRound } from "./schema-pipelined.js";
import { accepted, errorsOf, recordMinimal, roundSeed } from "./schema-rules.js";

/** Calls one shrink may spend before the smallest failure so far is taken as minimal. */
const MAX_SHRINK_CALLS = 60;
/** Properties re-run after a failure, so that later, different violations are still found and shrunk. */
const MAX_ROUNDS = 4;

/** What an operation's arbitrary is built from: requests sampled for the plan are reused by the run. */
function sampleKey(
  op: GeneratedOperation,
  fixtures: SuiteContext["fixtures"],
  allowCredits: boolean,
): string {
  return generationKey(op, fixtures, { allowCredits });
}

/** The coverage cases of the schema suite: the valid and open ones (the invalid ones are `negative`'s). */
export function schemaCases(
  op: GeneratedOperation,
  fixtures: SuiteContext["fixtures"],
  options: Pick<SuiteOptions, "allowCredits" | "maxPairwise" | "coveragePhase">,
): InputCase[] {
  if (op === "me" || op === "capabilities" || !options.coveragePhase) return [];
  const opts = { allowCredits: options.allowCredits, maxPairwise: options.maxPairwise };
  return inputCases(op, fixtures, opts).filter((c) => c.class !== "invalid");
}

async function checkOperation(ctx: SuiteContext, op: GeneratedOperation, index: number): Promise<void> {
  await runCoverage(ctx, schemaCases(op, ctx.fixtures, ctx.options));
  if (!ctx.inShard(op)) return;
  const arb = validRequests(op, ctx.fixtures, { allowCredits: ctx.options.allowCredits });
  // Round 0 is sent and recorded without the property (concurrently, or one call at a time with judging
  // overlapping the next call): after a failure the property replays it only to find and shrink it again.
  const key = sampleKey(op, ctx.fixtures, ctx.options.allowCredits);
  const seed0 = roundSeed(ctx.options.seed, index, 0);
  const firstRound = ctx.options.concurrency > 1 ? concurrentRound : pipelinedRound;
  if (!(await firstRound(ctx, arb, seed0, key))) return;
  const shrunk = new Set<string>();
  let runsLeft = ctx.options.runs;
  for (let round = 0; round < MAX_ROUNDS && runsLeft > 0; round++) {
    // Round 0's runs were recorded by the first round: the property's replay records only its minimal case.
    const recordRuns = round > 0;
    let phase: "run" | "shrink" = "run";
    let runs = 0;
    let shrinkCalls = 0;
    let minimal: { ex: Exchange; ids: string[] } | undefined;
    let stopped: RunStopped | undefined;
    const property = fc.asyncProperty(arb, async (request: PlannedRequest) => {
      if (stopped || (phase === "shrink" && ++shrinkCalls > MAX_SHRINK_CALLS)) return true;
      if (ctx.credits.withhold(request)) {
        // Not affordable within the credit budget or the balance: this case is not sent (counted, noted).
        if (phase === "run") ctx.credits.withheld++;
        return true;
      }
      if (phase === "run") runs++;
      let ex: Exchange;
      try {
        ex = await ctx.send(request);
      } catch (err) {
        // A stopped run is not a failing case: end the property quietly, rethrow after it.
        if (!(err instanceof RunStopped)) throw err;
        stopped = err;
        return true;
      }
      // A 402 judged by the credit budget (credits ran out) is no verdict on this case.
      if (ctx.credits.isRefused(ex)) return true;
      let judged: CheckFailure[] | undefined;
      if (phase === "run" && recordRuns) {
        judged = judgeAndRecord(ctx, ex);
        recordVerdict(ctx, INPUT.validAccepted, ex, accepted(ex));
      }
      const fresh = errorsOf(ctx, ex, judged).filter((f) => !shrunk.has(f.checkId));
      if (fresh.length === 0) return true;
      phase = "shrink";
      minimal = { ex, ids: [...new Set(fresh.map((f) => f.checkId))] };
      return false;
    });
    const result = await fc.check(property, {
      seed: roundSeed(ctx.options.seed, index, round),
      numRuns: runsLeft,
    });
    runsLeft -= runs;
    const found = minimal as { ex: Exchange; ids: string[] } | undefined;
    if (result.failed && found) {
      for (const id of found.ids) shrunk.add(id);
      recordMinimal(ctx, found.ex, found.ids, result.numShrinks);
    }
    if (stopped) throw stopped;
    if (result.failed && !found && result.errorInstance) throw result.errorInstance;
    if (!result.failed) return;
  }
}

/**
 * Calls: the coverage cases in the shard and `runs` per operation in the shard, and the meaning steps.
 * Reserve: shrinking (at most MAX_SHRINK_CALLS in each of MAX_ROUNDS rounds) and the property's replay of a
 * failed first round. Credits: the influencer records of the coverage cases and of the first round, sampled
 * from the same seed as the run.
 */
function plan(input: PlanInput): SuitePlan {
  const { options } = input;
  let calls = 0;
  let reserve = 0;
  let credits = 0;
  for (const [i, op] of GENERATED_OPERATIONS.entries()) {
    for (const c of schemaCases(op, input.fixtures, options)) {
      if (!input.inShard(c.name)) continue;
      calls++;
      credits += influencerRecords(c.request);
    }
    if (!input.inShard(op)) continue;
    calls += options.runs;
    reserve += MAX_ROUNDS * MAX_SHRINK_CALLS + options.runs;
    if (options.allowCredits && (op === "entity-get" || op === "entity-batch")) {
      const arb = validRequests(op, input.fixtures, { allowCredits: true });
      const key = sampleKey(op, input.fixtures, true);
      for (const request of roundRequests(arb, roundSeed(options.seed, i + 1, 0), options.runs, key)) {
        credits += influencerRecords(request);
      }
    }
  }
  calls += meaningCalls(input.fixtures, input.inShard, input.hasTeamKey);
  return { calls, reserve, credits };
}

/** The `schema` suite. */
export const schemaSuite: Suite = {
  name: "schema",
  description:
    "the coverage phase's valid and open requests, then property-based valid requests for every operation, every response judged; failures shrunk; resolve by exact id, one-id batch = GET",
  plan,
  async run(ctx) {
    let index = 0;
    for (const op of GENERATED_OPERATIONS) {
      index++;
      ctx.progress(`${op}: coverage phase, then ${ctx.options.runs} generated requests`);
      await checkOperation(ctx, op, index);
    }
    await judgeMeaning(ctx);
  },
};
