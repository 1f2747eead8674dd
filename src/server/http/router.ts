/**
 * The routes of cb/v1 under both bases (`/v1` and `/api/v1`, Addresses). Eight routes do not need a
 * routing library: an exact-path table plus the one parameterised path, with `Allow` for 405.
 */
import type { OperationId } from "../../transport/exchange.js";

/** Outcome of routing one request path. */
export type RouteMatch =
  | { kind: "route"; operation: OperationId; base: "v1" | "api/v1"; id?: string }
  | { kind: "method"; operation: OperationId; base: "v1" | "api/v1"; allow: string }
  | { kind: "metadata" }
  | { kind: "none"; base: "v1" | "api/v1" | null };

const EXACT: Record<string, [string, OperationId]> = {
  "/resolve": ["GET", "resolve"],
  "/entities/batch": ["POST", "entity-batch"],
  "/me": ["GET", "me"],
  "/capabilities": ["GET", "capabilities"],
  "/usage": ["GET", "usage"],
  "/search": ["POST", "search"],
  "/traversals": ["POST", "traversals"],
};

/** Path of the protected-resource metadata named in `WWW-Authenticate` (Authentication 3). */
export const METADATA_PATH = "/.well-known/oauth-protected-resource";

/** Splits off the base and finds the operation. */
export function matchRoute(method: string, path: string): RouteMatch {
  let base: "v1" | "api/v1";
  let rest: string;
  if (path.startsWith("/v1/")) {
    base = "v1";
    rest = path.slice(3);
  } else if (path.startsWith("/api/v1/")) {
    base = "api/v1";
    rest = path.slice(7);
  } else if (path === METADATA_PATH && method === "GET") {
    return { kind: "metadata" };
  } else {
    return { kind: "none", base: path === "/v1" ? "v1" : path === "/api/v1" ? "api/v1" : null };
  }
  const exact = EXACT[rest];
  if (exact) {
    const [allowed, operation] = exact;
    if (method === allowed) return { kind: "route", operation, base };
    return { kind: "method", operation, base, allow: allowed };
  }
  if (rest.startsWith("/entities/")) {
    const id = rest.slice("/entities/".length);
    if (id === "" || id.includes("/")) return { kind: "none", base };
    if (method === "GET") return { kind: "route", operation: "entity-get", base, id };
    return { kind: "method", operation: "entity-get", base, allow: "GET" };
  }
  return { kind: "none", base };
}
