/**
 * Rule `client.sequential_calls`: never two batch calls in flight; each starts after the previous answer was
 * sent. The recommendation is stated for POST /entities/batch (its Limits row "applies to" that operation), so
 * other calls (`/me`, `/capabilities` at start-up, in parallel or not) are not graded.
 */
import { type ClientRule, fail, pass, skip } from "../rule.js";
import { callLabel } from "../trace-facts.js";

/** Server clock granularity: a call starting within this of the previous end is not counted as overlapping. */
const TOLERANCE_MS = 1;

/** POST /entities/batch: "calls made one after another (not in parallel)". */
export const sequentialCalls: ClientRule = {
  id: "client.sequential_calls",
  title: "Calls one after another",
  sentence: "Recommended use: … calls made one after another (not in parallel).",
  section: "POST /entities/batch; Limits: Recommended ids per call",
  level: "recommended",
  grade(trace) {
    const batches = trace.filter((entry) => entry.operation === "entity-batch");
    if (batches.length < 2) return skip(`only ${batches.length} batch call(s)`);
    const sorted = [...batches].sort((a, b) => a.startedAt - b.startedAt);
    const bad: string[] = [];
    let open = sorted[0];
    for (const entry of sorted.slice(1)) {
      if (entry.startedAt + TOLERANCE_MS < open.endedAt) {
        const ms = (open.endedAt - entry.startedAt).toFixed(0);
        bad.push(`${callLabel(entry)} started ${ms} ms before ${callLabel(open)} had been answered`);
      }
      if (entry.endedAt > open.endedAt) open = entry;
    }
    if (bad.length > 0) return fail(`${bad.length} call(s) overlapped another`, ...bad.slice(0, 10));
    const others = trace.length - batches.length;
    return pass(
      `${batches.length} batch calls, each started after the previous one was answered` +
        (others > 0 ? `; ${others} other call(s) not graded` : ""),
    );
  },
};
