import type { Check } from "./check.js";
import { requestView } from "./request-view.js";
import { failure } from "./support/failure.js";
import { isDataOperation } from "./support/response.js";

/**
 * `request.invalid_arguments_rejected`: a request that breaks a rule its request schema states (a bound, a
 * type, an enum, a format, a JSON-encoded parameter that is not JSON, an unknown batch property: the same
 * decision as the `negative` suite's, contract/request-class.ts) is not answered with success (Errors: 400).
 * What the contract does not state (a repeated item, an id that is no node id) is no problem here.
 */
export const requestInvalidArgumentsRejected: Check = {
  id: "request.invalid_arguments_rejected",
  section: "Errors; Endpoints parameter tables; Limits",
  sentence:
    "400 | Invalid bounded arguments or query (too many ids, unknown extension, wrong format) | `invalid_arguments` | Fix the request; do not retry unchanged",
  level: "fail",
  appliesTo: (x) => x.response !== undefined && isDataOperation(x) && requestView(x).problems.length > 0,
  run(x) {
    const problems = requestView(x).problems;
    const status = x.response?.status ?? 0;
    if (problems.length === 0 || status < 200 || status >= 300) return [];
    return [
      failure(requestInvalidArgumentsRejected, {
        title: "invalid request answered with success",
        pointer: "/status",
        expected: `400 invalid_arguments (${problems.join("; ")})`,
        received: String(x.response?.status),
      }),
    ];
  },
};
