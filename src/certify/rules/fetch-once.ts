/** Rule `client.fetch_once`: no id is delivered successfully more than once in a scenario. */
import { type ClientRule, fail, pass, skip } from "../rule.js";
import { collectServed } from "../served-data.js";

/** Limits, rule 5: "Recommended practice: fetch the same company at most once per day." */
export const fetchOnce: ClientRule = {
  id: "client.fetch_once",
  title: "A company fetched at most once a day",
  sentence: "Recommended practice: fetch the same company at most once per day.",
  section: "Limits, rule 5",
  level: "recommended",
  grade(trace, _output, run) {
    const served = collectServed(trace, run.extend);
    if (served.delivered.size === 0) return skip("nothing was delivered");
    const twice = [...served.delivered].filter(([, d]) => d.calls.length > 1);
    if (twice.length > 0) {
      return fail(
        `${twice.length} id(s) delivered more than once`,
        ...twice.slice(0, 5).map(([id, d]) => `${id} delivered by calls ${d.calls.join(", ")}`),
      );
    }
    return pass(`${served.delivered.size} id(s), each delivered once`);
  },
};
