/**
 * The contract's Errors table as data: every error status listed for the operations, what it means, its
 * known codes and what a client does. Shapes live in schemas/ (error.schema.json); this is the list around them.
 */

/** One row of the Errors table. */
export interface ErrorStatus {
  status: number;
  meaning: string;
  /** "Known code(s)"; empty where the contract says "not stated". */
  knownCodes: readonly string[];
  /** "Client action"; empty where the contract leaves it blank. */
  clientAction: string;
}

/** Errors: "Status codes listed for the operations", in the contract's order. */
export const ERROR_STATUSES: readonly ErrorStatus[] = Object.freeze([
  {
    status: 400,
    meaning: "Invalid bounded arguments or query (too many ids, unknown extension, wrong format)",
    knownCodes: ["invalid_arguments"],
    clientAction: "Fix the request; do not retry unchanged",
  },
  {
    status: 401,
    meaning: "Authentication required or token invalid",
    knownCodes: ["authentication_required", "invalid_token"],
    clientAction: "Stop",
  },
  {
    status: 402,
    meaning: "Available credits exhausted",
    knownCodes: ["credits_exhausted"],
    clientAction: "Stop until the next month or until the balance is raised",
  },
  {
    status: 403,
    meaning:
      "Plan (REST requires Plus), scope, dataset access, account access or spend authorization missing",
    knownCodes: ["plan_required"],
    clientAction: "Stop and tell the account owner",
  },
  { status: 404, meaning: "Route or owner-scoped resource not found", knownCodes: [], clientAction: "" },
  { status: 405, meaning: "Method not supported by the operation", knownCodes: [], clientAction: "" },
  {
    status: 409,
    meaning: "An idempotency key already identifies different work",
    knownCodes: [],
    clientAction: "",
  },
  { status: 413, meaning: "Request body exceeds the operation limit", knownCodes: [], clientAction: "" },
  {
    status: 429,
    meaning: "Shared account volume or expense limit reached; header `Retry-After` (seconds)",
    knownCodes: ["volume_limit", "expense_limit"],
    clientAction: "Wait at least `Retry-After` seconds, then continue",
  },
  {
    status: 503,
    meaning: "Data, durable metering or verified execution profile unavailable",
    knownCodes: ["data_unavailable", "metering_unavailable"],
    clientAction: "Retry later with the same request",
  },
]);
