import type { Check } from "./check.js";
import { failure } from "./support/failure.js";
import { arrayAt, objectAt, show } from "./support/json.js";
import { okEnvelope } from "./support/response.js";

/** `resolve.missing_empty`: `coverage.missing` is empty on resolve (Endpoints / GET /resolve). */
export const resolveMissingEmpty: Check = {
  id: "resolve.missing_empty",
  section: "Endpoints / GET /resolve",
  sentence: "`coverage.missing` is empty.",
  level: "fail",
  appliesTo: (x) => x.operation === "resolve" && okEnvelope(x) !== undefined,
  run(x) {
    const missing = arrayAt(objectAt(okEnvelope(x), "coverage"), "missing");
    if (!missing || missing.length === 0) return [];
    return [
      failure(resolveMissingEmpty, {
        title: "coverage.missing is not empty on resolve",
        pointer: "/coverage/missing",
        expected: "[]",
        received: show(missing),
      }),
    ];
  },
};
