import type { Check } from "./check.js";
import { failure } from "./support/failure.js";
import { show } from "./support/json.js";
import { errorObject } from "./support/response.js";

/** `http.error_body_on_error_status`: every error status carries a JSON `{"error": {"code": …}}` body. */
export const httpErrorBodyOnErrorStatus: Check = {
  id: "http.error_body_on_error_status",
  section: "Resources and their fields / Error body",
  sentence:
    "Error body (all error statuses): Object `error` with `code` (string, required, stable machine-readable, no backend diagnostics)",
  level: "fail",
  appliesTo: (x) => x.response !== undefined && x.response.status >= 400 && x.request.method !== "HEAD",
  run(x) {
    if (typeof errorObject(x)?.code === "string") return [];
    const r = x.response;
    const received =
      r?.json !== undefined
        ? show(r.json, 80)
        : r?.containers !== undefined
          ? (r.bodyError ?? "body not parsed")
          : r?.bodyText
            ? `non-JSON body ${show(r.bodyText, 60)}`
            : "(empty body)";
    return [
      failure(httpErrorBodyOnErrorStatus, {
        title: `status ${r?.status} without an error body`,
        pointer: "/error/code",
        expected: '{"error": {"code": "<string>"}}',
        received,
      }),
    ];
  },
};
