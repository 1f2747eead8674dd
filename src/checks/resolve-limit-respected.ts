import type { Check } from "./check.js";
import { requestView } from "./request-view.js";
import { failure } from "./support/failure.js";
import { arrayAt } from "./support/json.js";
import { okEnvelope } from "./support/response.js";

/** `resolve.limit_respected`: no more candidates than the requested `limit` (default 10) (Endpoints / GET /resolve). */
export const resolveLimitRespected: Check = {
  id: "resolve.limit_respected",
  section: "Endpoints / GET /resolve",
  sentence: "`limit` | query | integer | optional; 1 to 50; default 10",
  level: "fail",
  appliesTo: (x) =>
    x.operation === "resolve" && okEnvelope(x) !== undefined && requestView(x).limit !== undefined,
  run(x) {
    const data = arrayAt(okEnvelope(x), "data");
    const limit = requestView(x).limit;
    if (!data || limit === undefined || data.length <= limit) return [];
    return [
      failure(resolveLimitRespected, {
        title: `resolve returned ${data.length} candidates for limit ${limit}`,
        pointer: "/data",
        expected: `at most ${limit} candidates${x.request.query.limit === undefined ? " (default limit)" : ""}`,
        received: `${data.length} candidates`,
      }),
    ];
  },
};
