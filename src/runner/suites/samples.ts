/**
 * A few valid requests built from the fixtures, for suites that need "a data call" rather than generated
 * ones (http, auth, alt-base-url warm-up).
 */
import type { PlannedRequest } from "../../vocabulary/planned-request.js";
import type { TargetFixtures } from "../../vocabulary/target-fixtures.js";

/** `GET /entities/{id}` for one id. */
export function entityGet(id: string, query?: Record<string, string>): PlannedRequest {
  return {
    operation: "entity-get",
    method: "GET",
    path: `/entities/${encodeURIComponent(id)}`,
    ...(query ? { query } : {}),
  };
}

/** `POST /entities/batch` with a JSON body. */
export function entityBatch(body: Record<string, unknown>): PlannedRequest {
  return { operation: "entity-batch", method: "POST", path: "/entities/batch", body: { json: body } };
}

/** `GET /resolve`. */
export function resolve(query: string, extra: Record<string, string> = {}): PlannedRequest {
  return { operation: "resolve", method: "GET", path: "/resolve", query: { query, ...extra } };
}

/** One valid request per data operation. */
export function dataSamples(fx: TargetFixtures): PlannedRequest[] {
  const id = fx.org_ids[0] ?? fx.known_ids[0];
  return [
    resolve(fx.resolve_queries[0] ?? "a"),
    entityGet(id),
    entityBatch({ ids: fx.known_ids.slice(0, 3) }),
  ];
}

/** `GET /me` and `GET /capabilities`, which work on every plan. */
export function accountSamples(): PlannedRequest[] {
  return [
    { operation: "me", method: "GET", path: "/me" },
    { operation: "capabilities", method: "GET", path: "/capabilities" },
  ];
}
