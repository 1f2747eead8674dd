/** Rules of "Endpoints" (common part, GET /resolve, GET /entities/{id}, POST /entities/batch, other operations). */
import type { SuiteName } from "../../vocabulary/suite-name.js";
import { at, type ContractSentence, NOT_SHOWN } from "./sentence.js";

const EP = "Endpoints";
const R = "Endpoints / GET /resolve";
const G = "Endpoints / GET /entities/{id}";
const B = "Endpoints / POST /entities/batch";
const O = "Endpoints / Other operations";
/** What holds any exchange's request to a stated rule (the input oracles judge in the `schema`/`negative` suites). */
const BOUNDS = "request.invalid_arguments_rejected";
/** The suites whose coverage phase sends each parameter's valid, invalid and open values (docs/generation.md). */
const INPUT: SuiteName[] = ["schema", "negative"];

/** Rules of these sections. */
export const ENDPOINT_SENTENCES: ContractSentence[] = [
  {
    section: EP,
    sentence: "All requests carry `Authorization: Bearer <API_KEY>`.",
    suites: ["auth"],
    client: "certify-client: every call of the client carries a Bearer credential",
  },
  {
    section: EP,
    sentence: "Responses are JSON.",
    checks: ["http.json_content_type", "http.json_body", "http.content_encoding_accepted"],
    suites: ["http"],
    reading:
      "`application/json` or any `+json` media type. A body in a content coding the request did not accept is not JSON to that client: cbcheck sends `Accept-Encoding: identity` (a request without the field accepts every coding, RFC 9110 §12.5.3, so nothing could be judged) and a coded answer fails `http.content_encoding_accepted` — a failure, not a warning, because RFC 9110 §12.5.3 has the server answer uncoded and the client then holds no JSON. The `http` suite's probe sends `Accept-Encoding: gzip` and accepts both readings: an uncoded body, or a correct gzip body (decoded up to the body cap) that is JSON (`http.gzip_when_accepted`)",
  },
  {
    section: EP,
    sentence:
      'Parameters marked JSON-encoded are sent in the query string as a JSON text (for example `types=["org"]`).',
    checks: [BOUNDS],
    client: "certify-client: JSON-encoded parameters in the client's trace",
    reading: "a JSON-encoded parameter that is not JSON is an invalid argument (400)",
  },
  {
    section: R,
    sentence:
      "Finds candidate nodes from an exact identifier or a name (companies, people, market entities, belief traditions, support facts, support schemes, scheme periods, public actors).",
    suites: ["schema"],
    reading:
      "an exact identifier of an organisation is read as its organisation number or its node id (the contract's Identifiers section names node ids identifiers): resolving a known organisation by both (`limit` 50), at least one answer must list it among the candidates, or `resolve.exact_identifier_found` fails. Not judged: answers that are not 200, and pages full at the limit, as how candidates rank is not shown. How names match and rank is not shown, so name queries are judged only by shape and bounds",
  },
  {
    section: R,
    sentence: "`query` | query | string | required; 1 to 300 characters",
    schema: [at("resolve-request", "/properties/query")],
    checks: [BOUNDS],
    suites: INPUT,
    reading:
      "characters are Unicode code points; text within the bounds that is blank, holds control, zero-width or bidi characters or is not in NFC is open (200 or 400): the contract states only the length",
  },
  {
    section: R,
    sentence:
      "`types` | query | JSON-encoded array of strings, or null | optional; max 20 items. Allowed item values: not shown.",
    schema: [at("resolve-request", "/properties/types")],
    checks: [BOUNDS],
    suites: INPUT,
    reading:
      "what `types` does to the candidates is not shown (the name suggests a filter, the contract does not say so): a candidate of a type not listed is no finding, not even a warning. Item values other than the node types on resolve, and repeated items, are open (200 or 400): allowed values are not shown",
  },
  {
    section: R,
    sentence: "`limit` | query | integer | optional; 1 to 50; default 10",
    schema: [at("resolve-request", "/properties/limit")],
    checks: [BOUNDS, "resolve.limit_respected"],
    reading: "`limit` caps the number of candidates returned",
  },
  {
    section: R,
    sentence:
      "Response 200: envelope with `data` = array (max 50) of `{id (string), type (node type from the resolve list), name (string or null), score (number)}`; all four required.",
    schema: [at("resolve-response", "/allOf/1/properties/data"), at("resolve-candidate")],
    checks: ["response.schema", "node.id_matches_type"],
  },
  {
    section: R,
    sentence: "`coverage.requested` has exactly 1 item",
    schema: [at("resolve-response", "/allOf/1/properties/coverage")],
    checks: ["resolve.coverage_single_requested"],
  },
  {
    section: R,
    sentence: "`coverage.missing` is empty.",
    schema: [at("resolve-response", "/allOf/1/properties/coverage")],
    checks: ["resolve.missing_empty"],
  },
  {
    section: R,
    sentence: "`cost.unit_type` is `record` or `premium_record`.",
    schema: [at("envelope", "/properties/cost/properties/unit_type")],
  },
  {
    section: R,
    sentence: "`score` ranks candidates and is not a probability.",
    notCheckable:
      'how scores are computed is not shown, and neither is the order of `data`: any number is accepted ("not a probability" forbids no value; a client may sort by it), so no order or range can be required',
  },
  {
    section: R,
    sentence:
      "A client should accept a match automatically only when name and postal code or town agree with what it already holds; otherwise manual review.",
    client: "a client's matching decision is not visible in a trace",
  },
  {
    section: R,
    sentence: "Errors: 400, 401, 402, 403, 404, 405, 409, 413, 429, 503 (see Errors).",
    checks: ["http.documented_status"],
  },
  {
    section: G,
    sentence: "Returns safe domain payloads for the node id in the path.",
    checks: ["entities.nodes_requested"],
    reading:
      'the nodes of an entity read are the ids asked for (the batch: "Same result … for many ids"): a node in a normalised form of a requested id, one at the end of a delivered edge (neighbours delivered with their edges; `entities` may hold up to 100 nodes for one id) or one an extension names (a group parent delivered along), is a warning; any other node is an error. "Safe" is judged only through the closed payload shapes (no contact fields)',
  },
  {
    section: G,
    sentence: "`id` | path | string | required",
    schema: [at("entity-get-request", "/properties/id")],
    checks: [BOUNDS],
    suites: INPUT,
    reading:
      "an id of the contract's form (`cb:<type>:<key>`, a node type of the contract, an organisation key of 9 digits) must be served, in `coverage.missing` when unknown; any other string, and one beyond the 300 characters a batch id may have, is open (200 or 400): the GET id has no stated bound",
  },
  {
    section: G,
    sentence: "`dataset` | query | string | `basic` (default) or `influencer`",
    schema: [at("entity-get-request", "/properties/dataset")],
    checks: [BOUNDS, "response.schema", "dataset.response_matches_request"],
    reading:
      "no `dataset` means `basic`: the page has `edges`; `influencer` gives `data` with only `entities`, every node an influencer identity node (`cb:identity:<network>:<username>`). What each dataset costs is judged by `cost.basic_zero_credits` and `cost.influencer_credit_per_record`",
  },
  {
    section: G,
    sentence: "`include` | query | JSON-encoded array of strings | max 30; default empty.",
    schema: [at("entity-get-request", "/properties/include")],
    checks: [BOUNDS],
    suites: INPUT,
    reading:
      'names of the one form shown (`HAS_ROLE`: upper snake case) and `["*"]` must be served; other strings, `*` beside names and repeated names are open (200 or 400): predicate names are not shown',
  },
  {
    section: G,
    sentence: 'Names predicates whose edges are returned; `["*"]` means all.',
    checks: ["edges.predicates_from_include", "edges.page_cut_declared"],
    reading:
      '`["*"]` returns edges of any predicate; a node whose `active_predicates` counts more relations of an included predicate than the first page delivers (edges touching it, in either direction) was cut, so `truncated` or a `cursor` must say so',
  },
  {
    section: G,
    sentence: "Edges are a bounded page.",
    schema: [at("entities-response", "/allOf/1/properties/data/properties/edges")],
    checks: ["edges.page_cut_declared"],
    suites: ["limits"],
  },
  {
    section: G,
    sentence:
      "Without `include`, no edges are returned (`active_predicates` still lists relations and counts).",
    checks: ["edges.only_with_include"],
  },
  {
    section: G,
    sentence:
      "`extend` | query | JSON-encoded array | max 4; items from `financial_history`, `subunits`, `web_identities`, `group_parent`; default empty",
    schema: [at("entity-get-request", "/properties/extend")],
    checks: [BOUNDS, "ext.only_requested"],
    suites: INPUT,
    reading:
      "an extension delivered without being requested is a warning (the contract states the default, not a ban); a repeated name is open (200 or 400): the contract does not say repeated names are rejected",
  },
  {
    section: G,
    sentence: "`as_of` | query | string, date-time | optional",
    schema: [at("entity-get-request", "/properties/as_of")],
    checks: [BOUNDS],
    reading:
      "the contract gives the parameter no meaning beyond its type: every RFC 3339 form must be accepted (a 400 is a failure), and the envelope `as_of` answered to it is not judged against it (no warning either: a server that ignores the parameter conforms)",
  },
  {
    section: G,
    sentence:
      "`cursor` | query | JSON-encoded array or null | array of max 5 items, each a string (max 300 characters) or a number.",
    schema: [at("entity-get-request", "/properties/cursor")],
    checks: [BOUNDS],
    suites: INPUT,
    reading:
      "null must be served; an array within the bounds that the server did not hand out is open (200 or 400): the meaning of its content is not shown; past the bounds it is invalid (400)",
  },
  { section: G, sentence: "Meaning of its [the cursor's] content: not shown.", notCheckable: NOT_SHOWN },
  {
    section: G,
    sentence:
      "Response 200: `data` is `{entities (max 100 nodes), edges (max 50 edges), extensions (optional), extensions_truncated (optional)}` with `entities` and `edges` required, or, for `dataset` = `influencer`, `{entities}` with max 25 influencer identity nodes.",
    schema: [at("entities-response"), at("influencer-response")],
    checks: ["response.schema", "influencer.nodes_cap"],
  },
  {
    section: G,
    sentence: "Ids that do not exist appear in `coverage.missing`, not as an error.",
    checks: ["coverage.requested_returned_or_missing"],
    reading: "not judged when the page was cut (`truncated` true or a cursor returned)",
  },
  {
    section: B,
    sentence: "Same result as GET /entities/{id} for many ids; this is the main operation for integrations.",
    checks: ["response.schema"],
    suites: ["schema"],
    reading:
      "both operations are judged by the same schema and checks; a batch of one known organisation with every edge and extension must give the same `data` and `truncated` as GET /entities/{id} (`entities.batch_same_as_get`: nodes and edges in any order; other data under two different `as_of` is not judged, as the snapshot may have moved, and a read that is not a 200 with `data` is not judged either: skipped, never inconclusive). A batch of two organisations gives each the node GET /entities/{id} gives it, the signing-rights fields set aside (carried only when exactly one organisation is requested): `entities.batch_nodes_same_as_get`, nodes only, judged when all three reads answer 200 with the node under one `as_of`",
  },
  {
    section: B,
    sentence: "Request body (JSON; no other properties allowed)",
    schema: [at("batch-request", "/additionalProperties")],
    checks: [BOUNDS],
  },
  {
    section: B,
    sentence: "`ids` | array of strings | required; 1 to 100 items; each 3 to 300 characters",
    schema: [at("batch-request", "/properties/ids")],
    checks: [BOUNDS],
    suites: INPUT,
    reading:
      "ids of the contract's form must be served (unknown ones in `coverage.missing`); strings within 3 to 300 characters of no node's form, and repeated ids, are open (200 or 400): the contract does not say they are rejected",
  },
  {
    section: B,
    sentence: "`dataset`, `include`, `extend`, `as_of`, `cursor` in the body, with the same bounds as on GET",
    schema: [
      at("batch-request", "/properties/dataset"),
      at("batch-request", "/properties/include"),
      at("batch-request", "/properties/extend"),
      at("batch-request", "/properties/as_of"),
      at("batch-request", "/properties/cursor"),
    ],
    checks: [BOUNDS, "dataset.response_matches_request"],
  },
  {
    section: B,
    sentence: "Response 200: same envelope and `data` shape as GET /entities/{id}.",
    schema: [at("entities-response")],
    checks: ["response.schema"],
  },
  {
    section: B,
    sentence: "The entity read accepts up to 25 ids for accounts below Plus and up to 100 on Plus.",
    checks: [BOUNDS],
    suites: ["batch-limits"],
    reading:
      "over 100 ids must be rejected; the 25-id limit belongs to plans that have no REST access (403) and is not judged",
  },
  {
    section: B,
    sentence:
      "Recommended use: at most 50 ids per call when all four extensions are requested, calls made one after another (not in parallel).",
    client: "certify-client: batches of at most 50 with all extensions, no overlapping calls",
  },
  {
    section: B,
    sentence: "Request bodies above the operation limit give 413.",
    checks: ["http.documented_status"],
    suites: ["negative"],
    reading:
      "the limit is not shown: a body of 10 MB (a valid body padded with white space) is taken as above any sensible one and must give 413; a valid request of more than 64 KiB may get 413 too (`input.valid_accepted`)",
  },
  {
    section: O,
    sentence:
      "GET /me: Returns at least `api_access` (boolean), `credits` and `credential` for the key used: `billed_to` (`personal` or `team`), `credits`, `limits`, `used`, `resets`. Complete shape: not shown.",
    schema: [at("me")],
    checks: ["response.schema"],
    suites: ["auth"],
    reading:
      'a team key\'s `credential.billed_to` must be `team` (`auth.team_key_billed_to_team`). `limits`, `used` and `resets` are objects that are never empty (the schema\'s `minProperties`): Limits rule 4 has `/me` show used counts, limits and reset times, `used` is "today and this month", `resets` "when the day and month counters reset", and every credential has a limit (ids per call at least); which members they hold is not shown, so any one passes',
  },
  {
    section: O,
    sentence:
      "GET /usage: Own usage for the last 30 days. POST /search: Finds companies by filters. POST /traversals: Follows relations such as ownership.",
    suites: ["http"],
    reading:
      'the operations exist with these methods: an empty request (`{}` for the two POSTs) may be refused with 400 or any other status, never with 404, 405 or a 5xx other than 503 (503 is the contract\'s "retry later")',
  },
  {
    section: O,
    sentence:
      "GET /capabilities, GET /usage, POST /search, POST /traversals: Request and response: not shown.",
    notCheckable: NOT_SHOWN,
  },
];
