import { ERROR_STATUSES } from "../contract/error-statuses.js";
import type { Check } from "./check.js";
import { failure } from "./support/failure.js";
import { isDataOperation } from "./support/response.js";

const DOCUMENTED = [200, ...ERROR_STATUSES.map((e) => e.status)];

/** `http.documented_status`: resolve and entity reads answer only with the statuses the contract lists. */
export const httpDocumentedStatus: Check = {
  id: "http.documented_status",
  section: "Endpoints / GET /resolve; GET /entities/{id}; POST /entities/batch",
  sentence: "Errors: 400, 401, 402, 403, 404, 405, 409, 413, 429, 503 (see Errors).",
  level: "fail",
  appliesTo: (x) => x.response !== undefined && isDataOperation(x),
  run(x) {
    const status = x.response?.status ?? 0;
    if (DOCUMENTED.includes(status)) return [];
    return [
      failure(httpDocumentedStatus, {
        title: `undocumented status ${status}`,
        pointer: "/status",
        expected: DOCUMENTED.join(", "),
        received: String(status),
      }),
    ];
  },
};
