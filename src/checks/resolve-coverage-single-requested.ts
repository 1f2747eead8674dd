import type { Check } from "./check.js";
import { failure } from "./support/failure.js";
import { arrayAt, objectAt, show } from "./support/json.js";
import { okEnvelope } from "./support/response.js";

/** `resolve.coverage_single_requested`: `coverage.requested` has exactly one item on resolve (Endpoints / GET /resolve). */
export const resolveCoverageSingleRequested: Check = {
  id: "resolve.coverage_single_requested",
  section: "Endpoints / GET /resolve",
  sentence: "`coverage.requested` has exactly 1 item",
  level: "fail",
  appliesTo: (x) => x.operation === "resolve" && okEnvelope(x) !== undefined,
  run(x) {
    const requested = arrayAt(objectAt(okEnvelope(x), "coverage"), "requested");
    if (!requested || requested.length === 1) return [];
    return [
      failure(resolveCoverageSingleRequested, {
        title: `coverage.requested has ${requested.length} items on resolve`,
        pointer: "/coverage/requested",
        expected: "exactly 1 item",
        received: show(requested),
      }),
    ];
  },
};
