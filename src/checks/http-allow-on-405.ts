import type { Check } from "./check.js";
import { failure } from "./support/failure.js";
import { header } from "./support/response.js";

/**
 * `http.allow_on_405`: a 405 carries `Allow` (RFC 9110 §15.5.6: "The origin server MUST generate an Allow
 * header field in a 405 response"). The contract lists 405 ("Method not supported by the operation") but
 * names no header, so a missing `Allow` is a warning (a failure under `--strict`). Any list is accepted,
 * the empty one included: RFC 9110 §10.2.1 lets it be empty.
 */
export const httpAllowOn405: Check = {
  id: "http.allow_on_405",
  section: "Errors",
  sentence:
    "405 | Method not supported by the operation | not stated | (RFC 9110 §15.5.6: a 405 MUST carry Allow)",
  level: "warn",
  appliesTo: (x) => x.response?.status === 405,
  run(x) {
    if (header(x, "allow") !== undefined) return [];
    return [
      failure(httpAllowOn405, {
        title: "405 without an Allow header",
        pointer: "/headers/allow",
        expected: "Allow: the methods the route supports (RFC 9110 §15.5.6)",
        received: "(absent)",
        severity: "warning",
      }),
    ];
  },
};
