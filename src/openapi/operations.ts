/**
 * The operations of contract cb/v1 as the OpenAPI export declares them: method, path, the contract's own
 * words, and which schema file describes the request and the 200 response. Where the contract says "not
 * shown", no schema is named and nothing is invented.
 */
import type { OperationId } from "../transport/exchange.js";

/** One operation of the contract. */
export interface ContractOperation {
  operationId: Exclude<OperationId, "other">;
  method: "get" | "post";
  path: string;
  /** The contract section the operation comes from. */
  section: string;
  summary: string;
  /** Contract sentences about the operation, quoted. */
  description: string;
  /** Schema of the decoded query and path parameters (query operations). */
  parameters?: string;
  /** Schema of the JSON request body. */
  body?: string;
  /** Schemas a 200 body may match (any of them); absent: "not shown". */
  response?: readonly string[];
  /** What the 200 response is, in the contract's words. */
  responseDescription: string;
}

const ENTITY_RESPONSES = ["entities-response", "influencer-response"] as const;
const OTHER = "Endpoints / Other operations";

/** Every operation the contract names, in its order. */
export const CONTRACT_OPERATIONS: readonly ContractOperation[] = Object.freeze([
  {
    operationId: "resolve",
    method: "get",
    path: "/resolve",
    section: "Endpoints / GET /resolve",
    summary: "Resolve a name or identifier to candidate nodes",
    description:
      "Finds candidate nodes from an exact identifier or a name (companies, people, market entities, belief " +
      "traditions, support facts, support schemes, scheme periods, public actors).",
    parameters: "resolve-request",
    response: ["resolve-response"],
    responseDescription:
      "Envelope with `data` = array (max 50) of candidates. `coverage.requested` has exactly 1 item; " +
      "`coverage.missing` is empty. `score` ranks candidates and is not a probability.",
  },
  {
    operationId: "entity-get",
    method: "get",
    path: "/entities/{id}",
    section: "Endpoints / GET /entities/{id}",
    summary: "Fetch the node payload of one id",
    description: "Returns safe domain payloads for the node id in the path.",
    parameters: "entity-get-request",
    response: ENTITY_RESPONSES,
    responseDescription:
      "Envelope; `data` has `entities` and `edges` (basic), or only `entities` for `dataset` = `influencer`. " +
      "Ids that do not exist appear in `coverage.missing`, not as an error.",
  },
  {
    operationId: "entity-batch",
    method: "post",
    path: "/entities/batch",
    section: "Endpoints / POST /entities/batch",
    summary: "Fetch node payloads of many ids",
    description:
      "Same result as GET /entities/{id} for many ids; this is the main operation for integrations. The entity " +
      "read accepts up to 25 ids for accounts below Plus and up to 100 on Plus. Recommended use: at most 50 ids " +
      "per call when all four extensions are requested, calls made one after another (not in parallel). " +
      "Request bodies above the operation limit give 413.",
    body: "batch-request",
    response: ENTITY_RESPONSES,
    responseDescription: "Same envelope and `data` shape as GET /entities/{id}.",
  },
  {
    operationId: "me",
    method: "get",
    path: "/me",
    section: OTHER,
    summary: "Own account and credential",
    description:
      "Works on every plan. Complete shape: not shown; the fields below are the ones it has at least.",
    response: ["me"],
    responseDescription:
      "At least `api_access`, `credits` (the user's personal balance) and `credential` for the key used.",
  },
  {
    operationId: "capabilities",
    method: "get",
    path: "/capabilities",
    section: OTHER,
    summary: "Own capabilities",
    description: "Works on every plan. Request and response: not shown.",
    responseDescription: "Response: not shown.",
  },
  {
    operationId: "usage",
    method: "get",
    path: "/usage",
    section: OTHER,
    summary: "Own usage for the last 30 days",
    description: "Own usage for the last 30 days. Request and response: not shown.",
    responseDescription: "Response: not shown.",
  },
  {
    operationId: "search",
    method: "post",
    path: "/search",
    section: OTHER,
    summary: "Filtered company search",
    description:
      "Finds companies by filters (municipality, industry code, revenue, organisation form). Request and " +
      "response: not shown.",
    responseDescription: "Response: not shown.",
  },
  {
    operationId: "traversals",
    method: "post",
    path: "/traversals",
    section: OTHER,
    summary: "Relationship traversal",
    description: "Follows relations such as ownership, at most three hops. Request and response: not shown.",
    responseDescription: "Response: not shown.",
  },
] satisfies ContractOperation[]);
