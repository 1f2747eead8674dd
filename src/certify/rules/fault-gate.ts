/**
 * Shared gate of the fault rules: a rule about 429 (or 503, 400, 401/402/403) is inconclusive when the
 * scenario injected that status but the client stopped before the call that carries it, and skipped when the
 * scenario never produced it.
 */
import type { TraceEntry } from "../../server/types.js";
import { type ClientRun, inconclusive, type RuleResult, skip } from "../rule.js";

/** The calls answered with one of `statuses`, or the result to return when there are none. */
export function faultCalls(
  trace: readonly TraceEntry[],
  run: ClientRun,
  statuses: readonly number[],
): TraceEntry[] | RuleResult {
  const pending = run.pendingFaults.filter((step) => statuses.includes(step.status));
  if (pending.length > 0) {
    const what = pending.map(
      (step) => `${step.status} ${step.code} at ${step.operation ?? "any"} call ${step.call}`,
    );
    return inconclusive(
      `injected fault never reached: ${what.join(", ")}; the client made ${trace.length} call(s) and stopped before it`,
    );
  }
  const hits = trace.filter((entry) => statuses.includes(entry.status));
  if (hits.length === 0) return skip(`no ${statuses.join("/")} answer in this scenario`);
  return hits;
}
