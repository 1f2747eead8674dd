/**
 * `http.stated_route_served` on single exchanges: any answer but 404, 405 or a 5xx other than 503 passes (the
 * request of these operations is not shown, so a 400 or an account answer conforms). The reference server's
 * answers pass and the seeded bug `stated-routes-404` fails in the mutation matrix (mutation-matrix.test.ts).
 */
import { describe, expect, it } from "vitest";
import { exchange, request, respond } from "../../checks/test-support/exchanges.js";
import { statedRouteProblems } from "./stated-routes.js";

const usage = (status: number) =>
  exchange("usage", request("GET", "/usage"), respond({ error: { code: "x" } }, status));

describe("statedRouteProblems", () => {
  it("passes any answer that does not deny the route, its method or the server", () => {
    for (const status of [200, 400, 401, 402, 403, 413, 429, 503]) {
      expect(statedRouteProblems(usage(status)), String(status)).toEqual([]);
    }
  });

  it("fails 404, 405 and a server error, naming the request", () => {
    for (const status of [404, 405, 500, 502]) {
      const [problem] = statedRouteProblems(usage(status));
      expect(problem?.title, String(status)).toBe(
        `GET /usage, an operation the contract names, answered ${status}`,
      );
      expect(problem?.received).toBe(String(status));
    }
  });

  it("judges nothing without a response", () => {
    expect(statedRouteProblems({ operation: "usage", request: request("GET", "/usage") })).toEqual([]);
  });
});
