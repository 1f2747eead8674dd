/** Rule `client.bearer_auth`: every call carries `Authorization: Bearer` with the key given to the client. */
import { type ClientRule, fail, pass, skip } from "../rule.js";
import { callLabel } from "../trace-facts.js";

/** Authentication 1 and Endpoints: "All requests carry `Authorization: Bearer <API_KEY>`." */
export const bearerAuth: ClientRule = {
  id: "client.bearer_auth",
  title: "Bearer header on every call",
  sentence: "All requests carry `Authorization: Bearer <API_KEY>`.",
  section: "Endpoints; Authentication 1",
  level: "required",
  grade(trace, _output, run) {
    if (trace.length === 0) return skip("the client made no call");
    const bad: string[] = [];
    for (const entry of trace) {
      const header = entry.headers.authorization;
      if (header === undefined) bad.push(`${callLabel(entry)}: no Authorization header`);
      else if (!/^bearer\s+\S/i.test(header))
        bad.push(`${callLabel(entry)}: Authorization is not a Bearer credential`);
      else if (entry.keyName !== run.keyName)
        bad.push(`${callLabel(entry)}: the credential is not the key given in CB_API_KEY`);
    }
    if (bad.length > 0) return fail(...bad.slice(0, 10));
    return pass(`all ${trace.length} call(s) sent the given key as a Bearer credential`);
  },
};
