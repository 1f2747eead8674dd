/** Rule `client.no_resend_400`: a request answered 400 is never sent again unchanged. */
import { type ClientRule, fail, pass } from "../rule.js";
import { callLabel, callsAfter, sameRequest } from "../trace-facts.js";
import { faultCalls } from "./fault-gate.js";

/** Errors, 400: "Fix the request; do not retry unchanged". */
export const noResend400: ClientRule = {
  id: "client.no_resend_400",
  title: "Never resend a 400 unchanged",
  sentence:
    "400 — Invalid bounded arguments or query — Client action: Fix the request; do not retry unchanged",
  section: "Errors",
  level: "required",
  grade(trace, _output, run) {
    const hits = faultCalls(trace, run, [400]);
    if (!Array.isArray(hits)) return hits;
    const evidence: string[] = [];
    let failed = false;
    for (const hit of hits) {
      const repeats = callsAfter(trace, hit).filter((other) => sameRequest(hit, other));
      if (repeats.length > 0) {
        failed = true;
        evidence.push(
          `the request of call ${hit.n} (400) was sent again unchanged as ${repeats.map(callLabel).join(", ")}`,
        );
      } else evidence.push(`the request of call ${hit.n} (400) was not sent again unchanged`);
    }
    return failed ? fail(...evidence) : pass(...evidence);
  },
};
