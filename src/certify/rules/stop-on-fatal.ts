/**
 * Rule `client.stop_on_fatal`: after 401, 402 or 403 no further call, and the client exits non-zero. After 402
 * or 403 a call to `/me` or `/capabilities` (they read no records and "work on every plan") is not graded: a
 * client may read its balance or plan to tell the account owner. After 401 nothing: the client "must stop and
 * not retry with the same key".
 */
import { type ClientRule, fail, pass } from "../rule.js";
import { callLabel, callsAfterAnswer, errorCodeOf, excusedLine, isAccountCall } from "../trace-facts.js";
import { faultCalls } from "./fault-gate.js";
import { describeEnd } from "./wait-retry-after.js";

/** Errors, client action for 401 "Stop", 402 "Stop until the next month…", 403 "Stop and tell the account owner". */
export const stopOnFatal: ClientRule = {
  id: "client.stop_on_fatal",
  title: "Stop after 401, 402 or 403",
  sentence:
    "401 — Stop; 402 — Stop until the next month or until the balance is raised; 403 — Stop and tell the account owner. The client must stop and not retry with the same key.",
  section: "Errors; Authentication 3",
  level: "required",
  grade(trace, _output, run) {
    const hits = faultCalls(trace, run, [401, 402, 403]);
    if (!Array.isArray(hits)) return hits;
    const first = hits.reduce((a, b) => (b.startedAt < a.startedAt ? b : a));
    const fatal = `${first.status} ${errorCodeOf(first)} on ${callLabel(first)}`;
    const { after, excused } = callsAfterAnswer(trace, first);
    const evidence: string[] = excusedLine(excused, first);
    const accountCalls = first.status === 401 ? [] : after.filter(isAccountCall);
    const later = after.filter((entry) => !accountCalls.includes(entry));
    if (accountCalls.length > 0) {
      evidence.push(
        `${accountCalls.length} call(s) to /me or /capabilities after the ${first.status} (${accountCalls.map(callLabel).join(", ")}): not graded, they read no records`,
      );
    }
    let failed = false;
    if (later.length > 0) {
      failed = true;
      evidence.push(`${later.length} call(s) after the ${fatal}, first ${callLabel(later[0])}`);
    } else evidence.push(`no call after the ${fatal}`);
    if (run.timedOut || run.exitCode === 0) {
      failed = true;
      evidence.push(`the client ${describeEnd(run)}; a fatal error must end the run with a non-zero exit`);
    } else evidence.push(`the client ${describeEnd(run)}`);
    return failed ? fail(...evidence) : pass(...evidence);
  },
};
