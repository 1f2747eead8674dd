/** Rule `client.retry_503_same_request`: a request answered 503 is sent again, the same request. */
import { type ClientRule, fail, pass } from "../rule.js";
import { callLabel, callsAfter, errorCodeOf, sameRequest, seconds } from "../trace-facts.js";
import { faultCalls } from "./fault-gate.js";

/**
 * Errors, 503: "Retry later with the same request". How long to wait and how many tries are not stated,
 * so neither is graded: only that the same request comes again.
 */
export const retry503SameRequest: ClientRule = {
  id: "client.retry_503_same_request",
  title: "Retry a 503 with the same request",
  sentence:
    "503 — Data, durable metering or verified execution profile unavailable — Client action: Retry later with the same request",
  section: "Errors",
  level: "required",
  grade(trace, _output, run) {
    const hits = faultCalls(trace, run, [503]);
    if (!Array.isArray(hits)) return hits;
    const evidence: string[] = [];
    let failed = false;
    for (const hit of hits) {
      const again = callsAfter(trace, hit).find((other) => sameRequest(hit, other));
      if (again) {
        evidence.push(
          `${callLabel(again)} repeated the request of call ${hit.n} (503 ${errorCodeOf(hit)}) ${seconds(hit.endedAt, again.startedAt)} s later`,
        );
      } else {
        failed = true;
        evidence.push(`the request of call ${hit.n} (503 ${errorCodeOf(hit)}) was never sent again`);
      }
    }
    return failed ? fail(...evidence) : pass(...evidence);
  },
};
