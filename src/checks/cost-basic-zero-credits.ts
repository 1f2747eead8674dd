import type { Check } from "./check.js";
import { requestView } from "./request-view.js";
import { failure } from "./support/failure.js";
import { objectAt, show } from "./support/json.js";
import { entityData, okEnvelope } from "./support/response.js";

/**
 * `cost.basic_zero_credits`: a `basic` entity read charges 0 credits (What the service does; Limits rule 1).
 * With extensions or edges requested the reading is less sure ("Extensions and edges count as records" says
 * records, not credits), so a charge there is a warning.
 */
export const costBasicZeroCredits: Check = {
  id: "cost.basic_zero_credits",
  section: "What the service does; Limits / Rules 1",
  sentence: "Basic data costs 0 credits but is metered and counts against volume limits.",
  level: "fail or warn",
  appliesTo: (x) => entityData(x) !== undefined && requestView(x).dataset === "basic",
  run(x) {
    const charged = objectAt(okEnvelope(x), "cost")?.credits_charged;
    if (typeof charged !== "number" || charged === 0) return [];
    const view = requestView(x);
    const withExtras = view.extend.length > 0 || view.include.length > 0;
    return [
      failure(costBasicZeroCredits, {
        title: `basic entity read charged ${charged} credits`,
        pointer: "/cost/credits_charged",
        expected: "0 (basic data costs 0 credits)",
        received: show(charged),
        severity: withExtras ? "warning" : "error",
      }),
    ];
  },
};
