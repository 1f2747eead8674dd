/** Rule `client.sequential_calls`: never two calls in flight; each call starts after the previous answer was sent. */
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
    if (trace.length < 2) return skip(`only ${trace.length} call(s)`);
    const sorted = [...trace].sort((a, b) => a.startedAt - b.startedAt);
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
    return pass(`${trace.length} calls, each started after the previous one was answered`);
  },
};
