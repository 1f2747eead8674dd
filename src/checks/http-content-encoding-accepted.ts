import { appliedCodings } from "../transport/decode-coding.js";
import type { Check } from "./check.js";
import { isCodingAccepted } from "./support/content-coding.js";
import { failure } from "./support/failure.js";
import { header } from "./support/response.js";

/**
 * `http.content_encoding_accepted`: a response carries no content coding the request did not accept. cbcheck
 * sends `Accept-Encoding: identity` (the gzip probe of suite `http` sends `gzip`), because a request without
 * the field accepts every coding (RFC 9110 §12.5.3) and nothing could be judged. A coding the client refused
 * leaves it bytes that are not the JSON the contract promises ("Responses are JSON."), and RFC 9110 §12.5.3
 * has the server then "respond without any content coding": a failure (docs/contract-rules.md).
 */
export const httpContentEncodingAccepted: Check = {
  id: "http.content_encoding_accepted",
  section: "Endpoints",
  sentence:
    "Responses are JSON. (RFC 9110 §12.5.3: a coding the request's Accept-Encoding did not accept is not sent)",
  level: "fail",
  appliesTo: (x) => appliedCodings(header(x, "content-encoding")).length > 0,
  run(x) {
    const accepted = x.request.headers["accept-encoding"];
    const refused = appliedCodings(header(x, "content-encoding")).filter(
      (c) => !isCodingAccepted(c, accepted),
    );
    if (refused.length === 0) return [];
    return [
      failure(httpContentEncodingAccepted, {
        title: `response coded ${refused.join(", ")}, which the request did not accept`,
        pointer: "/headers/content-encoding",
        expected: `a coding that Accept-Encoding: ${accepted} accepts (or none)`,
        received: `Content-Encoding: ${header(x, "content-encoding")}`,
      }),
    ];
  },
};
