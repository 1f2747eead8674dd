/** Rules of "What the service does", "Addresses" and "Identifiers". */
import { at, type ContractSentence, NOT_SHOWN } from "./sentence.js";

const S = "What the service does";
const A = "What the service does / Addresses";
const I = "Resources and their fields / Identifiers";

/** Rules of these sections. */
export const SERVICE_SENTENCES: ContractSentence[] = [
  {
    section: S,
    sentence: "The service gives authenticated, bounded, read-only access to a graph of nodes and edges.",
    notCheckable:
      "a description of the service as a whole; its parts (authentication, bounds) are the rules below",
  },
  {
    section: S,
    sentence:
      "Operations: … filtered company search; relationship traversal (at most three hops); own usage; own account/capabilities.",
    notCheckable: "request and response of search, traversals, usage and capabilities are not shown",
  },
  {
    section: S,
    sentence:
      "Access to the REST interface requires a Plus plan (personal) or Business Plus plan (team). A Free account receives `403` with code `plan_required` on REST.",
    checks: ["error.code_for_status", "error.plan_required_fields"],
    suites: ["auth"],
    reading:
      "checked with a free key when `--free-key` is given; the plan of the main key is not visible in responses",
  },
  {
    section: S,
    sentence: "The operations `/me` and `/capabilities` work on every plan.",
    checks: ["me.every_plan"],
    schema: [at("me")],
  },
  {
    section: S,
    sentence: "The service is in beta: usage is metered but not invoiced.",
    notCheckable: "invoicing happens outside the API",
  },
  {
    section: S,
    sentence: "Basic data costs 0 credits but is metered and counts against volume limits.",
    checks: ["cost.basic_zero_credits"],
    reading:
      'a charge on a basic read with extensions or edges is a warning: "Extensions and edges count as records" speaks of records, not credits',
  },
  {
    section: S,
    sentence: "The `influencer` dataset costs credits (see Limits).",
    checks: ["cost.influencer_credit_per_record"],
  },
  {
    section: S,
    sentence: "Contact information such as e-mail and telephone is not delivered by the API.",
    schema: [
      at("org-payload", "/additionalProperties"),
      at("edge", "/properties/props/additionalProperties"),
    ],
    reading:
      "enforced where the contract closes a shape (org payload, edge props); other payloads allow extra fields",
  },
  {
    section: S,
    sentence: "A separate agent-protocol channel exists for Free accounts; it is not specified here.",
    notCheckable: NOT_SHOWN,
  },
  {
    section: S,
    sentence:
      "An official TypeScript/JavaScript client library … wraps the steps below: key check, batches of 50, sequential calls, waiting on `Retry-After` after `429`, and typed errors carrying `status`, `code`, `retryAfter` and `fatal`.",
    client: "certify-client grades the same steps on any client's trace",
  },
  {
    section: S,
    sentence: "`fatal` is true for 401, 402, 403: the run must stop.",
    client: "certify-client: no call after a 401, 402 or 403 with the same key",
  },
  {
    section: A,
    sentence:
      "`{base_url}`: API root; it already includes the version segment `/v1`. All paths below are relative to it.",
    notCheckable: "the base URL is the user's input; cbcheck appends paths to it as given",
  },
  {
    section: A,
    sentence:
      "`{alt_base_url}`: The same API served on the website origin under `/api/v1`; kept for existing clients.",
    suites: ["alt-base-url"],
  },
  {
    section: I,
    sentence: "Node id: `cb:<type>:<key>`.",
    schema: [at("identifiers", "/$defs/node-id")],
    checks: ["node.id_matches_type"],
  },
  {
    section: I,
    sentence: "Organisation id: `cb:org:<org_nr>`, where `org_nr` is exactly 9 digits.",
    schema: [at("identifiers", "/$defs/org-id"), at("identifiers", "/$defs/org-nr")],
    checks: ["org.id_matches_org_nr", "ext.ids_match_org_nr"],
    reading:
      "an org node's `payload.org_nr` is the number in its id; so is the `org_nr` of a sub-unit or a group parent whose `id` is an organisation id (the Extensions table types that `id` only as a string, so an `id` of another form is not judged)",
  },
  {
    section: I,
    sentence:
      "Unknown input ids are not an error: they are listed in `coverage.missing` (and may be echoed in coverage or traversal seeds).",
    checks: ["coverage.requested_returned_or_missing", "coverage.consistent_with_request"],
    reading:
      '"may be echoed": a requested id absent from `coverage.requested` is a warning, an id there that was not requested an error',
  },
  {
    section: I,
    sentence: "A payload field that is absent is unknown; it does not mean `false` or `0`.",
    client: "how a client reads absent fields; not visible in a trace",
  },
  {
    section: I,
    sentence:
      "Type `numeric` below means: a JSON number, or a string holding a decimal number with optional fraction and optional exponent.",
    schema: [at("numeric"), at("numeric", "/$defs/nullable")],
    reading: "optional sign, `1.`, `.5` and leading zeros accepted",
  },
];
