import type { Check } from "./check.js";
import { failure } from "./support/failure.js";
import { show } from "./support/json.js";

/** `http.json_body`: a success response body parses as JSON (Endpoints). Error bodies: `http.error_body_on_error_status`. */
export const httpJsonBody: Check = {
  id: "http.json_body",
  section: "Endpoints",
  sentence: "Responses are JSON.",
  level: "fail",
  appliesTo: (x) =>
    x.response !== undefined &&
    x.response.status >= 200 &&
    x.response.status < 300 &&
    x.response.status !== 204 &&
    x.request.method !== "HEAD",
  run(x) {
    const r = x.response;
    if (!r || (r.json !== undefined && r.bodyError === undefined)) return [];
    // JSON too big to parse is judged by response.structure_bounded, not called "not JSON" here.
    if (r.containers !== undefined) return [];
    return [
      failure(httpJsonBody, {
        title: "response body is not JSON",
        pointer: "",
        expected: "a JSON body",
        received: r.bodyError ?? (r.bodyText.length === 0 ? "(empty body)" : show(r.bodyText, 80)),
      }),
    ];
  },
};
