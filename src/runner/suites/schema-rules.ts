/**
 * What the `schema` suite asks of every response to a valid request, shared by its sequential property
 * (schema.ts) and its concurrent first round (schema-concurrent.ts): the catalogue's error-severity
 * failures, plus its own rule that a valid request is served, and how a shrunk failure is recorded.
 */
import type { CheckFailure, Problem } from "../../checks/check.js";
import type { Exchange } from "../../transport/exchange.js";
import { SCHEMA } from "../../verdicts/access.js";
import { verdictById } from "../../verdicts/registry.js";
import { judgeAndRecord, transportFailures } from "../judge-record.js";
import type { SuiteContext } from "../suite.js";
import { recordVerdict } from "./expect.js";

/** A valid request must be answered with 200 (each operation's "Response 200"). */
const { validRequestServed } = SCHEMA;

/** Statuses the contract allows on any call whatever the request (Errors: 429 wait, 503 retry later). */
const TRANSIENT = new Set([429, 503]);

/**
 * Judges and records one exchange of a first round, as the property would; true when it failed. A 402 judged
 * by the credit budget (credits ran out) is no verdict on the case.
 */
export function judgeRoundExchange(ctx: SuiteContext, ex: Exchange): boolean {
  if (ctx.credits.isRefused(ex)) return false;
  const judged = judgeAndRecord(ctx, ex);
  recordVerdict(ctx, validRequestServed, ex, served(ex));
  return errorsOf(ctx, ex, judged).length > 0;
}

/** Problems of the `schema.valid_request_served` verdict on one exchange. */
export function served(ex: Exchange): Problem[] {
  const status = ex.response?.status;
  if (status === 200 || status === undefined || TRANSIENT.has(status)) return [];
  return [{ title: `valid request answered ${status}`, expected: "200", received: String(status) }];
}

/** Error-severity failures of an exchange; `judged` reuses failures already found by the catalogue. */
export function errorsOf(ctx: SuiteContext, ex: Exchange, judged?: CheckFailure[]): CheckFailure[] {
  const all = judged ?? [...transportFailures(ex), ...(ex.response ? ctx.judge(ex).failures : [])];
  const own = served(ex).map((p) => ({ ...p, checkId: validRequestServed.id, severity: "error" as const }));
  return [...all, ...own].filter((f) => f.severity === "error");
}

/** Records the minimal (shrunk) failing exchange of each check id, with its shrink count. */
export function recordMinimal(ctx: SuiteContext, ex: Exchange, ids: string[], shrinks: number): void {
  const failures = errorsOf(ctx, ex).filter((f) => ids.includes(f.checkId));
  for (const id of ids) {
    const mine = failures.filter((f) => f.checkId === id);
    if (id === validRequestServed.id) {
      recordVerdict(ctx, validRequestServed, ex, mine, { shrinks });
    } else {
      // Every id here is a check's or the transport's; an unregistered one still shows (and fails the registry tests).
      const verdict = verdictById(id) ?? { id, section: "", sentence: "", level: "fail" };
      ctx.record({
        verdict,
        operation: ex.operation,
        status: "fail",
        failures: mine,
        exchange: ex,
        shrinks,
      });
    }
  }
}

/** Seed of one property round of one operation (the concurrent first round samples the same one). */
export function roundSeed(seed: number, operationIndex: number, round: number): number {
  return seed + operationIndex * 7919 + round;
}
