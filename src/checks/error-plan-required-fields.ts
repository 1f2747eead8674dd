import type { Check, CheckFailure } from "./check.js";
import { failure } from "./support/failure.js";
import { has, show } from "./support/json.js";
import { errorObject } from "./support/response.js";

/**
 * `error.plan_required_fields`: `plan_required` carries `required_tier` and `upgrade_url` (Authentication 4);
 * `required_tier` on another code, or a blank one, is a warning (the field is described as going "with
 * `plan_required`" and as the "plan tier that unlocks the operation", whose names are not shown).
 */
export const errorPlanRequiredFields: Check = {
  id: "error.plan_required_fields",
  section: "Authentication 4; Errors; Error body",
  sentence: "Plan missing: code `plan_required`, with `required_tier` and `upgrade_url`.",
  level: "fail or warn",
  appliesTo: (x) => errorObject(x) !== undefined,
  run(x) {
    const error = errorObject(x);
    if (!error) return [];
    const out: CheckFailure[] = [];
    if (error.code === "plan_required") {
      for (const field of ["required_tier", "upgrade_url"])
        if (typeof error[field] !== "string")
          out.push(
            failure(errorPlanRequiredFields, {
              title: `plan_required without ${field}`,
              pointer: `/error/${field}`,
              expected: "a string",
              received: show(error[field]),
            }),
          );
      // Tier names are not shown, so only a blank one is judged: it names no "plan tier that unlocks the
      // operation" (Error body), yet is a string; a warning, as the contract sets no length.
      if (typeof error.required_tier === "string" && error.required_tier.trim() === "")
        out.push(
          failure(errorPlanRequiredFields, {
            title: "plan_required with a blank required_tier",
            pointer: "/error/required_tier",
            expected: "the name of the plan tier that unlocks the operation",
            received: show(error.required_tier),
            severity: "warning",
          }),
        );
    } else if (has(error, "required_tier")) {
      out.push(
        failure(errorPlanRequiredFields, {
          title: `required_tier on code ${show(error.code)}`,
          pointer: "/error/required_tier",
          expected: "required_tier only with plan_required",
          received: show(error.required_tier),
          severity: "warning",
        }),
      );
    }
    return out;
  },
};
