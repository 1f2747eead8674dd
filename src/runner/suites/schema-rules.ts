/**
 * What the `schema` suite asks of every response to a valid request of its random phase, shared by its
 * sequential property (schema.ts) and its first rounds (schema-pipelined.ts, schema-concurrent.ts): the
 * catalogue's error-severity failures, plus the oracle of valid requests (`input.valid_accepted`), and how a
 * shrunk failure is recorded.
 */

import { renderJson } from "../../bounded-json.js";
import type { CheckFailure, Problem } from "../../checks/check.js";
import type { Exchange } from "../../transport/exchange.js";
import { INPUT } from "../../verdicts/input.js";
import { verdictById } from "../../verdicts/registry.js";
import { judgeAndRecord, transportFailures } from "../judge-record.js";
import type { SuiteContext } from "../suite.js";
import { recordVerdict } from "./expect.js";
import { judgeInput } from "./input-oracles.js";

/** Every request of the random phase is valid by construction (the generator's tests hold it to that). */
const { validAccepted } = INPUT;

/**
 * Judges and records one exchange of a first round, as the property would; true when it failed. A 402 judged
 * by the credit budget (credits ran out) is no verdict on the case.
 */
export function judgeRoundExchange(ctx: SuiteContext, ex: Exchange): boolean {
  if (ctx.credits.isRefused(ex)) return false;
  const judged = judgeAndRecord(ctx, ex);
  recordVerdict(ctx, validAccepted, ex, accepted(ex));
  return errorsOf(ctx, ex, judged).length > 0;
}

/** The parameters of a request as sent, for failure text: `query "Acme", limit "10"`. */
function parametersText(ex: Exchange): string {
  const { path, query, body } = ex.request;
  const params = Object.entries(query).map(([k, v]) => `${k} ${renderJson(v, 60)}`);
  if (path.startsWith("/entities/") && !path.startsWith("/entities/batch"))
    params.unshift(`id ${path.slice(10)}`);
  return body === undefined ? params.join(", ") : renderJson(body, 120);
}

/**
 * Problems of `input.valid_accepted` on one exchange of the random phase. No answer at all is the
 * runner's own failure (`transport.response_received`), not judged twice.
 */
export function accepted(ex: Exchange): Problem[] {
  if (!ex.response) return [];
  return judgeInput(ex, { class: "valid", what: parametersText(ex) });
}

/** Error-severity failures of an exchange; `judged` reuses failures already found by the catalogue. */
export function errorsOf(ctx: SuiteContext, ex: Exchange, judged?: CheckFailure[]): CheckFailure[] {
  const all = judged ?? [...transportFailures(ex), ...(ex.response ? ctx.judge(ex).failures : [])];
  const own = accepted(ex).map((p) => ({ ...p, checkId: validAccepted.id, severity: "error" as const }));
  return [...all, ...own].filter((f) => f.severity === "error");
}

/** Records the minimal (shrunk) failing exchange of each check id, with its shrink count. */
export function recordMinimal(ctx: SuiteContext, ex: Exchange, ids: string[], shrinks: number): void {
  const failures = errorsOf(ctx, ex).filter((f) => ids.includes(f.checkId));
  for (const id of ids) {
    const mine = failures.filter((f) => f.checkId === id);
    if (id === validAccepted.id) {
      recordVerdict(ctx, validAccepted, ex, mine, { shrinks });
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
