/** Rule `client.wait_retry_after`: after a 429, no call starts before `Retry-After` seconds have passed. */
import { parseRetryAfterSeconds } from "../../client/pacing.js";
import { type ClientRule, fail, pass } from "../rule.js";
import { callLabel, callsAfterAnswer, excusedLine, seconds } from "../trace-facts.js";
import { faultCalls } from "./fault-gate.js";

/**
 * Measurement tolerance: the gap is measured on the server (answer sent → next request arriving), while the
 * client's timer runs in another process whose event-loop clock may lag by a few ms under load.
 */
const TOLERANCE_MS = 25;

/** Errors, 429: "Wait at least `Retry-After` seconds, then continue". */
export const waitRetryAfter: ClientRule = {
  id: "client.wait_retry_after",
  title: "Wait Retry-After after 429",
  sentence:
    "429 … header `Retry-After` (seconds) — Client action: Wait at least `Retry-After` seconds, then continue",
  section: "Errors",
  level: "required",
  grade(trace, _output, run) {
    const hits = faultCalls(trace, run, [429]);
    if (!Array.isArray(hits)) return hits;
    const evidence: string[] = [];
    let failed = false;
    for (const hit of hits) {
      const wait = parseRetryAfterSeconds(hit.responseHeaders["retry-after"]);
      if (wait === undefined) {
        evidence.push(`${callLabel(hit)}: 429 without a usable Retry-After; nothing to judge`);
        continue;
      }
      const { after, excused } = callsAfterAnswer(trace, hit);
      evidence.push(...excusedLine(excused, hit));
      const next = after[0];
      if (!next) {
        evidence.push(
          `no call after the 429 of call ${hit.n} (Retry-After: ${wait}); client ${describeEnd(run)}`,
        );
        continue;
      }
      const gap = seconds(hit.endedAt, next.startedAt);
      const line = `${callLabel(next)} started ${gap} s after a 429 with Retry-After: ${wait} (call ${hit.n})`;
      evidence.push(line);
      if (next.startedAt - hit.endedAt + TOLERANCE_MS < wait * 1000) failed = true;
    }
    return failed ? fail(...evidence) : pass(...evidence);
  },
};

/** "exited 1 after 0.31 s" or "was stopped at the 60 s timeout". */
export function describeEnd(run: {
  exitCode: number | null;
  timedOut: boolean;
  startedAt: number;
  endedAt: number;
}) {
  if (run.timedOut)
    return `was still running and was stopped at the timeout after ${seconds(run.startedAt, run.endedAt)} s`;
  return `exited ${run.exitCode ?? "by signal"} after ${seconds(run.startedAt, run.endedAt)} s`;
}
