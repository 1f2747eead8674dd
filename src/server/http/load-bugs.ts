/**
 * The seeded bugs that only show under load (`detectedBy: "load"`): late limiter counting, slow data
 * responses and 5xx for concurrent 100-id batches. Each adds delay and, where needed, work after the wait.
 */
import type { OperationId } from "../../transport/exchange.js";
import type { BugSettings } from "../bugs.js";
import type { Account } from "../keys.js";
import type { ServerState } from "../state.js";
import type { Reply } from "./reply.js";

const DATA_OPS = new Set<OperationId>([
  "resolve",
  "entity-get",
  "entity-batch",
  "search",
  "traversals",
  "usage",
]);
/**
 * How long the late metering and a big batch keep their state open. Long enough that a leak shows on a
 * starved machine too: with 10 ms, a harness held up for longer took the burst's calls one by one (each
 * counted before the next arrived), and the seeded leak hid from `cbcheck load` in three rounds of a CI run.
 */
export const LOAD_BUG_HOLD_MS = 50;
const INTERNAL_ERROR: Reply = { status: 500, headers: {}, body: { error: { code: "internal_error" } } };

/** What the load bugs do to one reply: maybe replace it, add delay, and run `after` once the delay is over. */
export interface LoadBugEffect {
  reply: Reply;
  delayMs: number;
  after: () => void;
}

/** Whether a load bug is on at all (the clean server skips `applyLoadBugs` and its allocations). */
export function isLoadBugOn(bugs: Readonly<BugSettings>): boolean {
  return bugs.dataDelayMs > 0 || bugs.countCallsLate || bugs.concurrentBigBatch500;
}

/** Applies the load bug that is on (if any) to a processed reply. */
export function applyLoadBugs(
  state: ServerState,
  operation: OperationId,
  reply: Reply,
  account: Account | undefined,
): LoadBugEffect {
  const effect: LoadBugEffect = { reply, delayMs: 0, after: () => {} };
  const bugs = state.bugs;
  if (bugs.dataDelayMs > 0 && DATA_OPS.has(operation)) effect.delayMs = bugs.dataDelayMs;
  if (account && bugs.countCallsLate) {
    // The call is counted only once its (slow) metering round-trip is over.
    effect.delayMs = LOAD_BUG_HOLD_MS;
    effect.after = () => state.limiter.record(account.bucket, state.options.clock.now());
  }
  if (bugs.concurrentBigBatch500 && operation === "entity-batch" && reply.status === 200) {
    const ids = (reply.body as { coverage?: { requested?: unknown[] } }).coverage?.requested?.length ?? 0;
    if (ids >= 100) {
      if (state.bigBatchesInFlight > 0) effect.reply = INTERNAL_ERROR;
      state.bigBatchesInFlight++;
      effect.delayMs = LOAD_BUG_HOLD_MS;
      effect.after = () => {
        state.bigBatchesInFlight--;
      };
    }
  }
  return effect;
}
