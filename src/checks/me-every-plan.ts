import type { Check } from "./check.js";
import { failure } from "./support/failure.js";
import { errorObject } from "./support/response.js";

/** `me.every_plan`: `/me` and `/capabilities` never answer `plan_required` (What the service does). */
export const meEveryPlan: Check = {
  id: "me.every_plan",
  section: "What the service does",
  sentence: "The operations `/me` and `/capabilities` work on every plan.",
  level: "fail",
  appliesTo: (x) => (x.operation === "me" || x.operation === "capabilities") && x.response?.status === 403,
  run(x) {
    if (errorObject(x)?.code !== "plan_required") return [];
    return [
      failure(meEveryPlan, {
        title: `${x.operation === "me" ? "/me" : "/capabilities"} answered plan_required`,
        pointer: "/error/code",
        expected: "an answer on every plan",
        received: "403 plan_required",
      }),
    ];
  },
};
