/** Verdicts of the `http`, `auth` and `alt-base-url` suites of `cbcheck run` (`schema`, `negative`: input.ts). */
import type { JudgedVerdict } from "./judged-verdict.js";

/** Suite `auth` (Authentication 1–4). */
export const AUTH = {
  unauthenticated: {
    id: "auth.missing_or_invalid_key_401",
    section: "Authentication",
    sentence:
      "Missing, wrong or revoked credential: 401 with code authentication_required or invalid_token; the response carries header WWW-Authenticate (a bearer resource-metadata challenge).",
    level: "fail",
    judgedIn: ["src/runner/suites/auth.ts"],
  },
  planRequired: {
    id: "auth.free_key_plan_required_403",
    section: "Authentication",
    sentence: "Plan missing: code plan_required, with required_tier and upgrade_url.",
    level: "fail",
    judgedIn: ["src/runner/suites/auth.ts"],
  },
  everyPlan: {
    id: "auth.me_capabilities_every_plan",
    section: "What the service does",
    sentence: "The operations /me and /capabilities work on every plan.",
    level: "fail",
    judgedIn: ["src/runner/suites/auth.ts"],
  },
  influencerPlus: {
    id: "auth.influencer_requires_plus",
    section: "Authentication",
    sentence: "The influencer dataset requires Plus.",
    level: "fail",
    judgedIn: ["src/runner/suites/auth.ts"],
  },
  meApiAccess: {
    id: "auth.me_api_access",
    section: "Endpoints / Other operations",
    sentence: "GET /me returns at least api_access (boolean, true when REST access is allowed).",
    level: "fail",
    judgedIn: ["src/runner/suites/auth.ts"],
  },
} as const satisfies Record<string, JudgedVerdict>;

/** Suite `http`: routes and methods the contract does not serve. */
export const HTTP = {
  notFound: {
    id: "http.unknown_route_404",
    section: "Errors",
    sentence: "404 | Route or owner-scoped resource not found",
    level: "fail",
    judgedIn: ["src/runner/suites/http.ts"],
  },
  wrongMethod: {
    id: "http.wrong_method_405",
    section: "Errors",
    sentence: "405 | Method not supported by the operation",
    level: "fail",
    judgedIn: ["src/runner/suites/http.ts"],
  },
  statedRouteServed: {
    id: "http.stated_route_served",
    section: "Endpoints",
    sentence:
      "Other operations: GET /usage, POST /search, POST /traversals (request and response not shown): the route and its method exist, so neither 404 (Route not found) nor 405 (Method not supported by the operation), nor a 5xx but 503",
    level: "fail",
    judgedIn: ["src/runner/suites/http.ts"],
  },
  gzipWhenAccepted: {
    id: "http.gzip_when_accepted",
    section: "Endpoints",
    sentence:
      "Responses are JSON. (RFC 9110 §8.4, §12.5.3: asked with Accept-Encoding: gzip, the answer is uncoded or a gzip coding of the JSON)",
    level: "fail",
    judgedIn: ["src/runner/suites/gzip-probe.ts"],
  },
} as const satisfies Record<string, JudgedVerdict>;

/** Suite `alt-base-url` (Versioning). */
export const ALT = {
  sameResponse: {
    id: "alt.same_response",
    section: "Versioning",
    sentence: "The same API is also served at {alt_base_url} for existing clients.",
    level: "fail",
    judgedIn: ["src/runner/suites/alt-base-url.ts"],
  },
  sameErrorResponse: {
    id: "alt.same_error_response",
    section: "Versioning",
    // The same API includes its refusals: status, error code and the headers the contract names.
    sentence: "The same API is also served at {alt_base_url} for existing clients.",
    level: "fail",
    judgedIn: ["src/runner/suites/alt-errors.ts"],
  },
} as const satisfies Record<string, JudgedVerdict>;
