import type { Check } from "./check.js";
import { failure } from "./support/failure.js";
import { show } from "./support/json.js";
import { header } from "./support/response.js";

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/** `http.json_content_type`: a response with a body declares a JSON media type (Endpoints). */
export const httpJsonContentType: Check = {
  id: "http.json_content_type",
  section: "Endpoints",
  sentence: "Responses are JSON.",
  level: "fail",
  appliesTo: (x) => x.response !== undefined && x.response.bodyText.length > 0 && x.request.method !== "HEAD",
  run(x) {
    const value = header(x, "content-type");
    if (value !== undefined && JSON_TYPE.test(value.trim())) return [];
    return [
      failure(httpJsonContentType, {
        title: "response is not declared as JSON",
        pointer: "/headers/content-type",
        expected: "application/json",
        received: show(value),
      }),
    ];
  },
};
