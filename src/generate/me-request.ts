/** GET /me: no parameters are documented (Endpoints / Other operations). */
import fc from "fast-check";
import type { PlannedRequest } from "../vocabulary/planned-request.js";

/** The one valid GET /me request. */
export function meRequest(): fc.Arbitrary<PlannedRequest> {
  return fc.constant<PlannedRequest>({ operation: "me", method: "GET", path: "/me" });
}
