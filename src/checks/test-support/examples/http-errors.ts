/** Examples for the HTTP-level, authentication, rate-limit and error-body checks. */
import type { Exchange } from "../../../transport/exchange.js";
import { errorExchange, exchange, request, resolveExchange, respond } from "../exchanges.js";
import type { CheckExample } from "./example.js";

const CHALLENGE = 'Bearer resource_metadata="https://api.example.test/.well-known/oauth-protected-resource"';

function withResponse(x: Exchange, edit: Partial<NonNullable<Exchange["response"]>>): Exchange {
  return x.response ? { ...x, response: { ...x.response, ...edit } } : x;
}

/** The exchange with `headers` added to its request. */
function withRequestHeaders(x: Exchange, headers: Record<string, string>): Exchange {
  return { ...x, request: { ...x.request, headers: { ...x.request.headers, ...headers } } };
}

/** Response headers of a gzip-coded JSON body (recorded decoded, as the gzip probe judges it). */
const gzipped = { "content-type": "application/json; charset=utf-8", "content-encoding": "gzip" };

/** Examples keyed by check id. */
export const HTTP_ERROR_EXAMPLES: Record<string, CheckExample> = {
  "auth.www_authenticate_on_401": {
    pass: errorExchange("resolve", 401, { code: "invalid_token" }, { "www-authenticate": CHALLENGE }),
    fail: errorExchange("resolve", 401, { code: "invalid_token" }),
    severity: "error",
  },
  "http.allow_on_405": {
    pass: errorExchange("entity-batch", 405, { code: "method_not_allowed" }, { allow: "POST" }),
    fail: errorExchange("entity-batch", 405, { code: "method_not_allowed" }),
    severity: "warning",
  },
  "http.content_encoding_accepted": {
    pass: withRequestHeaders(withResponse(resolveExchange(), { headers: gzipped }), {
      "accept-encoding": "gzip",
    }),
    fail: withRequestHeaders(withResponse(resolveExchange(), { headers: gzipped }), {
      "accept-encoding": "identity",
    }),
    severity: "error",
  },
  "rate.retry_after_on_429": {
    pass: errorExchange("entity-batch", 429, { code: "volume_limit" }, { "retry-after": "2" }),
    fail: errorExchange("entity-batch", 429, { code: "volume_limit" }, { "retry-after": "1.5" }),
    severity: "error",
  },
  "error.code_for_status": {
    pass: errorExchange("resolve", 400, { code: "invalid_arguments" }),
    fail: errorExchange("resolve", 401, { code: "forbidden" }, { "www-authenticate": CHALLENGE }),
    severity: "error",
  },
  "error.plan_required_fields": {
    pass: errorExchange("resolve", 403, {
      code: "plan_required",
      required_tier: "plus",
      upgrade_url: "https://example.test/upgrade",
    }),
    fail: errorExchange("resolve", 403, { code: "plan_required", required_tier: "plus" }),
    severity: "error",
  },
  "error.code_machine_readable": {
    pass: errorExchange("resolve", 503, { code: "data_unavailable" }),
    fail: errorExchange("resolve", 503, { code: "Error: connect ECONNREFUSED 10.0.0.5:5432" }),
    severity: "warning",
  },
  "http.json_content_type": {
    pass: resolveExchange(),
    fail: withResponse(resolveExchange(), { headers: { "content-type": "text/html" } }),
    severity: "error",
  },
  "http.json_body": {
    pass: resolveExchange(),
    fail: withResponse(resolveExchange(), {
      bodyText: "<html>ok</html>",
      json: undefined,
      bodyError: "Unexpected token '<'",
    }),
    severity: "error",
  },
  "http.error_body_on_error_status": {
    pass: errorExchange("other", 404, { code: "not_found" }),
    fail: exchange("other", request("GET", "/nowhere"), respond({ message: "Not Found" }, 404)),
    severity: "error",
  },
  "http.documented_status": {
    pass: errorExchange("resolve", 503, { code: "metering_unavailable" }),
    fail: errorExchange("resolve", 500, { code: "internal" }),
    severity: "error",
  },
  "request.invalid_arguments_rejected": {
    pass: exchange(
      "resolve",
      request("GET", "/resolve", { query: "Firma", limit: "51" }),
      respond({ error: { code: "invalid_arguments" } }, 400),
    ),
    fail: exchange(
      "resolve",
      request("GET", "/resolve", { query: "Firma", limit: "51" }),
      resolveExchange().response!,
    ),
    severity: "error",
  },
};
