/** GET /capabilities: "Request and response: not shown", so only the bare request is generated. */
import fc from "fast-check";
import type { PlannedRequest } from "../vocabulary/planned-request.js";

/** The one valid GET /capabilities request. */
export function capabilitiesRequest(): fc.Arbitrary<PlannedRequest> {
  return fc.constant<PlannedRequest>({ operation: "capabilities", method: "GET", path: "/capabilities" });
}
