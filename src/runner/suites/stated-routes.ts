/**
 * The operations the contract names but whose request and response are "not shown" (Endpoints, Other
 * operations): GET /usage, POST /search, POST /traversals. Nothing about their answer can be judged except that
 * the route and its method exist: an empty request may be refused (400, or any status the account gives), but
 * not as a route not found (404), a method the operation does not support (405) or a server error (5xx but 503).
 */
import type { Problem } from "../../checks/check.js";
import type { Exchange } from "../../transport/exchange.js";
import type { PlannedRequest } from "../../vocabulary/planned-request.js";

/** One plain request per named operation (`{}` for the POSTs: their body is not shown). */
export const STATED_ROUTES: readonly PlannedRequest[] = [
  { operation: "usage", method: "GET", path: "/usage" },
  { operation: "search", method: "POST", path: "/search", body: { json: {} } },
  { operation: "traversals", method: "POST", path: "/traversals", body: { json: {} } },
];

/**
 * What breaks `http.stated_route_served`: the named route answered 404 or 405, or a 5xx other than 503 (the
 * Errors table lists none; the input oracles' reading: no request, valid or not, may break the server).
 */
export function statedRouteProblems(ex: Exchange): Problem[] {
  const status = ex.response?.status;
  if (status === undefined) return [];
  if (status !== 404 && status !== 405 && (status < 500 || status === 503)) return [];
  return [
    {
      title: `${ex.request.method} ${ex.request.path}, an operation the contract names, answered ${status}`,
      pointer: "/status",
      expected:
        "any status but 404 (Route not found), 405 (Method not supported by the operation) and a 5xx other than 503",
      received: String(status),
    },
  ];
}
