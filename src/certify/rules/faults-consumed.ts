/** Rule `client.faults_consumed`: every fault the scenario injected was met by the client; otherwise inconclusive. */
import { HARNESS_SECTION } from "../../vocabulary/verdict.js";
import { type ClientRule, inconclusive, pass, skip } from "../rule.js";
import { callLabel } from "../trace-facts.js";

/** Not a contract sentence: a scenario whose fault was never reached proves nothing about that fault. */
export const faultsConsumed: ClientRule = {
  id: "client.faults_consumed",
  title: "Every injected fault reached",
  sentence:
    "Certification precondition: a rule about an error status is judged only once the client has met it.",
  section: HARNESS_SECTION,
  level: "required",
  grade(trace, _output, run) {
    if (run.plannedFaults.length === 0) return skip("no fault injected in this scenario");
    if (run.pendingFaults.length > 0) {
      const what = run.pendingFaults.map(
        (s) => `${s.status} ${s.code} at ${s.operation ?? "any"} call ${s.call}`,
      );
      return inconclusive(`never reached: ${what.join(", ")}; the client made ${trace.length} call(s)`);
    }
    const hits = trace.filter((entry) => entry.fault !== undefined);
    return pass(
      ...hits.slice(0, 5).map((e) => `${callLabel(e)} got the injected ${e.status} ${e.fault?.code}`),
    );
  },
};
