import type { Check } from "./check.js";
import { failure } from "./support/failure.js";
import { has, objectAt, show } from "./support/json.js";
import { okEnvelope } from "./support/response.js";

/** `cost.credits_reserved_zero`: `cost.credits_reserved` is always 0 (Limits rule 2; Response envelope). */
export const costCreditsReservedZero: Check = {
  id: "cost.credits_reserved_zero",
  section: "Limits / Rules 2",
  sentence: "`cost.credits_reserved` is always 0 in the response.",
  level: "fail",
  appliesTo: (x) => okEnvelope(x) !== undefined,
  run(x) {
    const cost = objectAt(okEnvelope(x), "cost");
    if (!cost || !has(cost, "credits_reserved") || cost.credits_reserved === 0) return [];
    return [
      failure(costCreditsReservedZero, {
        title: "cost.credits_reserved is not 0",
        pointer: "/cost/credits_reserved",
        expected: "0",
        received: show(cost.credits_reserved),
      }),
    ];
  },
};
