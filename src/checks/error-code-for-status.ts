import type { Check, CheckFailure } from "./check.js";
import { failure } from "./support/failure.js";
import { show } from "./support/json.js";
import { errorObject } from "./support/response.js";

/** Known codes per status (Errors table). 401's list is closed (Authentication 3); the others are "known". */
const KNOWN: Record<number, string[]> = {
  400: ["invalid_arguments"],
  401: ["authentication_required", "invalid_token"],
  402: ["credits_exhausted"],
  429: ["volume_limit", "expense_limit"],
  503: ["data_unavailable", "metering_unavailable"],
};
const STATUS_OF: Record<string, number> = { plan_required: 403 };
for (const [status, codes] of Object.entries(KNOWN))
  for (const code of codes) STATUS_OF[code] = Number(status);

/**
 * `error.code_for_status`: the error code fits the status. A known code under another status is an error;
 * an unknown code under 400/402/429/503 is a warning ("Known code(s)" may not be the full list); 403 allows
 * any code (scope, dataset and account reasons have none shown); 404/405/409/413 codes are not shown.
 */
export const errorCodeForStatus: Check = {
  id: "error.code_for_status",
  section: "Errors; Authentication 3",
  sentence: "Status codes listed for the operations: Status | Meaning | Known code(s) | Client action",
  level: "fail or warn",
  appliesTo: (x) => typeof errorObject(x)?.code === "string",
  run(x) {
    const status = x.response?.status ?? 0;
    const code = errorObject(x)?.code as string;
    const out: CheckFailure[] = [];
    const home = STATUS_OF[code];
    if (home !== undefined && home !== status) {
      out.push(
        failure(errorCodeForStatus, {
          title: `code ${code} on status ${status}`,
          pointer: "/error/code",
          expected: `status ${home} for ${code}`,
          received: `status ${status}`,
        }),
      );
      return out;
    }
    const known = KNOWN[status];
    if (known && !known.includes(code))
      out.push(
        failure(errorCodeForStatus, {
          title: `unexpected code for status ${status}`,
          pointer: "/error/code",
          expected: known.join(" or "),
          received: show(code),
          severity: status === 401 ? "error" : "warning",
        }),
      );
    return out;
  },
};
