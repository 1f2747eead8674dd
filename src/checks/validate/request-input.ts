/**
 * Builds the request half of a synthetic exchange for `cbcheck validate` from `--request` (JSON) or
 * `--path` (+ `--operation`), so checks that need the request can run. Bad input is a usage error.
 */
import { HarnessError } from "../../errors.js";
import type { OperationId, RecordedRequest } from "../../transport/exchange.js";
import { isObject } from "../support/json.js";

const OPERATIONS: OperationId[] = [
  "resolve",
  "entity-get",
  "entity-batch",
  "me",
  "capabilities",
  "usage",
  "search",
  "traversals",
  "other",
];

/** Checks an `--operation` value. */
export function parseOperation(value: string): OperationId {
  if (!OPERATIONS.includes(value as OperationId))
    throw new HarnessError("CB_USAGE", `unknown --operation "${value}" (known: ${OPERATIONS.join(", ")})`);
  return value as OperationId;
}

/** The operation a method and path name (contract Endpoints), `other` when none. */
export function inferOperation(method: string, path: string): OperationId {
  const p = path.split("?")[0].replace(/\/+$/, "");
  const m = method.toUpperCase();
  if (m === "GET" && p === "/resolve") return "resolve";
  if (m === "POST" && p === "/entities/batch") return "entity-batch";
  if (m === "GET" && /^\/entities\/[^/]+$/.test(p)) return "entity-get";
  if (m === "GET" && p === "/me") return "me";
  if (m === "GET" && p === "/capabilities") return "capabilities";
  if (m === "GET" && p === "/usage") return "usage";
  if (m === "POST" && p === "/search") return "search";
  if (m === "POST" && p === "/traversals") return "traversals";
  return "other";
}

/** A request from a path with an optional query string (`/entities/cb%3Aorg%3A1?include=["*"]`). */
export function requestFromPath(path: string, method: string, body?: string): RecordedRequest {
  if (!path.startsWith("/"))
    throw new HarnessError("CB_USAGE", `--path must start with "/" (got ${JSON.stringify(path)})`);
  const url = new URL(path, "http://cbcheck.invalid");
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = v;
  const pathOnly = path.split("?")[0];
  return { method, baseUrl: "", path: pathOnly, query, headers: {}, ...(body !== undefined ? { body } : {}) };
}

/** A request from `--request` JSON: `{method?, path, query?, body?}` (body: JSON value or raw string). */
export function requestFromJson(text: string): RecordedRequest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new HarnessError("CB_USAGE", `--request is not JSON: ${(err as Error).message}`);
  }
  if (!isObject(value) || typeof value.path !== "string")
    throw new HarnessError(
      "CB_USAGE",
      '--request must be a JSON object with a string "path" (and optional method, query, body)',
    );
  const body =
    value.body === undefined
      ? undefined
      : typeof value.body === "string"
        ? value.body
        : stringifyParam(value.body, "body");
  const method =
    typeof value.method === "string" ? value.method.toUpperCase() : body !== undefined ? "POST" : "GET";
  const req = requestFromPath(value.path, method, body);
  if (isObject(value.query))
    for (const [k, v] of Object.entries(value.query))
      req.query[k] = typeof v === "string" ? v : stringifyParam(v, `query.${k}`);
  return req;
}

/** JSON text of a part of `--request`; one nested too deep to write back is a usage error, not a crash. */
function stringifyParam(value: unknown, where: string): string {
  try {
    return JSON.stringify(value);
  } catch {
    throw new HarnessError("CB_USAGE", `--request ${where} nests too deep to be sent`);
  }
}
