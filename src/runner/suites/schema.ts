/**
 * Suite `schema`: property-based valid requests for every operation (fast-check arbitraries from the
 * request schemas and fixtures); every response is judged by the whole check catalogue, and a valid request
 * must be served (200). A failing property is shrunk to a minimal request, recorded with its shrink count.
 */
import fc from "fast-check";
import type { CheckFailure } from "../../checks/check.js";
import { GENERATED_OPERATIONS, type GeneratedOperation, validRequests } from "../../generate/index.js";
import type { Exchange } from "../../transport/exchange.js";
import { judgeAndRecord, ruleOf, transportFailures } from "../judge-record.js";
import { RunStopped } from "../run-stopped.js";
import type { PlannedRequest, Suite, SuiteContext } from "../suite.js";
import { type Rule, recordRule } from "./expect.js";

/** A valid request must be answered with 200 (each operation's "Response 200"). */
export const VALID_ACCEPTED: Rule = {
  id: "schema.valid_request_served",
  section: "Endpoints",
  sentence: "Response 200: envelope (a request within every bound of the contract is served).",
};
/** Calls one shrink may spend before the smallest failure so far is taken as minimal. */
const MAX_SHRINK_CALLS = 60;
/** Properties re-run after a failure, so that later, different violations are still found and shrunk. */
const MAX_ROUNDS = 4;

/** Statuses the contract allows on any call whatever the request (Errors: 429 wait, 503 retry later). */
const TRANSIENT = new Set([429, 503]);

function served(ex: Exchange): Omit<CheckFailure, "checkId" | "severity">[] {
  const status = ex.response?.status;
  if (status === 200 || status === undefined || TRANSIENT.has(status)) return [];
  return [{ title: `valid request answered ${status}`, expected: "200", received: String(status) }];
}

/** Error-severity failures of an exchange; `judged` reuses failures already found by the catalogue. */
function errorsOf(ctx: SuiteContext, ex: Exchange, judged?: CheckFailure[]): CheckFailure[] {
  const all = judged ?? [...transportFailures(ex), ...(ex.response ? ctx.judge(ex) : [])];
  const own = served(ex).map((p) => ({ ...p, checkId: VALID_ACCEPTED.id, severity: "error" as const }));
  return [...all, ...own].filter((f) => f.severity === "error");
}

async function checkOperation(ctx: SuiteContext, op: GeneratedOperation, index: number): Promise<void> {
  const arb = validRequests(op, ctx.fixtures, { allowCredits: ctx.options.allowCredits });
  const shrunk = new Set<string>();
  let runsLeft = ctx.options.runs;
  for (let round = 0; round < MAX_ROUNDS && runsLeft > 0; round++) {
    let phase: "run" | "shrink" = "run";
    let runs = 0;
    let shrinkCalls = 0;
    let minimal: { ex: Exchange; ids: string[] } | undefined;
    let stopped: RunStopped | undefined;
    const property = fc.asyncProperty(arb, async (request: PlannedRequest) => {
      if (stopped || (phase === "shrink" && ++shrinkCalls > MAX_SHRINK_CALLS)) return true;
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
      let judged: CheckFailure[] | undefined;
      if (phase === "run") {
        judged = judgeAndRecord(ctx, ex);
        recordRule(ctx, VALID_ACCEPTED, ex, served(ex));
      }
      const fresh = errorsOf(ctx, ex, judged).filter((f) => !shrunk.has(f.checkId));
      if (fresh.length === 0) return true;
      phase = "shrink";
      minimal = { ex, ids: [...new Set(fresh.map((f) => f.checkId))] };
      return false;
    });
    const result = await fc.check(property, {
      seed: ctx.options.seed + index * 7919 + round,
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

function recordMinimal(ctx: SuiteContext, ex: Exchange, ids: string[], shrinks: number): void {
  const failures = errorsOf(ctx, ex).filter((f) => ids.includes(f.checkId));
  for (const id of ids) {
    const mine = failures.filter((f) => f.checkId === id);
    if (id === VALID_ACCEPTED.id) {
      recordRule(ctx, VALID_ACCEPTED, ex, mine, { shrinks });
    } else {
      ctx.record({
        id,
        ...ruleOf(id),
        operation: ex.operation,
        status: "fail",
        failures: mine,
        exchange: ex,
        shrinks,
      });
    }
  }
}

/** The `schema` suite. */
export const schemaSuite: Suite = {
  name: "schema",
  description: "property-based valid requests for every operation, every response judged; failures shrunk",
  async run(ctx) {
    let index = 0;
    for (const op of GENERATED_OPERATIONS) {
      index++;
      if (!ctx.inShard(op)) continue;
      ctx.progress(`${op}: ${ctx.options.runs} generated requests`);
      await checkOperation(ctx, op, index);
    }
  },
};
