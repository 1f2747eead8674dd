/** Rules of "Response envelope" and "Error body". */
import { at, type ContractSentence } from "./sentence.js";

const E = "Resources and their fields / Response envelope";
const B = "Resources and their fields / Error body";
const env = (p: string) => at("envelope", p);

/** Rules of these sections. */
export const ENVELOPE_SENTENCES: ContractSentence[] = [
  { section: E, sentence: "`contract` | string | constant `cb/v1`", schema: [env("/properties/contract")] },
  { section: E, sentence: "`request_id` | string, uuid | required", schema: [env("/properties/request_id")] },
  {
    section: E,
    sentence: "`as_of` | string, date-time | required",
    schema: [env("/properties/as_of")],
    reading:
      "a date-time by RFC 3339's grammar (a space for `T`, an offset without its colon, a second 60 outside a month's last minute fail); its value is not judged against the clock or the request: the contract says to store it, not what time it names",
  },
  {
    section: E,
    sentence: "`as_of`: store it with the data",
    client: "what a client stores is not visible in a trace; certify-client does not grade it",
  },
  {
    section: E,
    sentence: "`data` | object or array | shape per operation",
    schema: [
      env("/properties/data"),
      at("resolve-response", "/allOf/1/properties/data"),
      at("entities-response", "/allOf/1/properties/data"),
      at("influencer-response", "/allOf/1/properties/data"),
    ],
    checks: ["response.schema"],
  },
  {
    section: E,
    sentence: "`entities` | array of node id strings | max 200",
    schema: [env("/properties/entities")],
    reading:
      "the meaning of `entities` is not given, so which node ids it lists is not judged (no warning either); its items' type and count are the schema's",
  },
  {
    section: E,
    sentence: "`evidence` | array | always empty",
    schema: [env("/properties/evidence")],
    checks: ["envelope.evidence_empty"],
  },
  {
    section: E,
    sentence:
      "`coverage` | object | `requested` (array of node id strings, max 100 for entity reads), `missing` (array of node id strings, max 100), `reason` (string or null)",
    schema: [env("/properties/coverage"), at("entities-response", "/allOf/1/properties/coverage")],
    checks: ["coverage.consistent_with_request", "coverage.requested_returned_or_missing"],
    reading:
      "`requested`/`missing` may echo unknown input ids, so their items are plain strings in the schema. The contract says nothing of their order or of repeated ids: `requested` in any order, listing a repeated id once or as often as sent, is accepted without a word. An id reported only in a normalised form of the id sent (trimmed, Unicode NFC, lower case) counts as that id and is a warning; any other id not asked for is an error",
  },
  {
    section: E,
    sentence: "`truncated` | boolean | true when output was cut",
    schema: [env("/properties/truncated")],
    checks: ["envelope.truncated_when_cut", "edges.page_cut_declared"],
    suites: ["schema", "limits"],
    reading:
      "a cut sub-unit list counts as cut output (warning when `truncated` is false); a cut edge page must say so by `truncated` true or a `cursor` (either is enough: both are read as saying so). And `truncated` says that output was cut, so an uncut page does not say true: a resolve by an organisation number at `limit` 50 that holds every candidate (1 to 49, not truncated), read again at a `limit` of exactly that many, must answer `truncated` false (`resolve.truncated_only_when_cut`; a page that says true is read once more at 50, and only when that still holds no more candidates does it fail). Whether a resolve page cut at the client's `limit` is \"output was cut\" reads both ways (the client asked for that many; yet resolve has no cursor, so `truncated` is its only sign that more candidates exist), so a page of one at `limit` 1, where a read at 50 showed more, that says false is a warning (`resolve.truncated_when_limit_cuts`), never a failure; so is an empty page at `limit` 1 where the read at 50 showed any candidate (cut below the client's limit, but the candidates may have changed between the two reads). A page that says true though its read at 50 held fewer than 50 candidates is not judged: the contract states no other reason to cut, nor that there is none. An edge page that says it was cut (a `cursor`, or `truncated` true) and whose cursor leads to a page with no further edge is a warning (`limits.edge_paging_cut_continues`), never a failure: a server that pages by a fixed size cannot know whether a full page is the last one, and one that filters edges after paging may find none left",
  },
  {
    section: E,
    sentence:
      "`cursor` | null, or array of exactly 2 items: string then integer > 0 | continuation marker on entity reads; always null on resolve",
    schema: [env("/properties/cursor"), at("resolve-response", "/allOf/1/properties/cursor")],
    checks: ["resolve.cursor_null"],
  },
  {
    section: E,
    sentence: "`next_hint` | string or null",
    schema: [env("/properties/next_hint")],
    reading: "any string or null is accepted on every response, cut or not (see the next row)",
  },
  {
    section: E,
    sentence: "`next_hint`: when it appears and what it says (its Rule column is empty)",
    notCheckable:
      "the contract gives `next_hint` a type and no rule: no sentence says when it must or may be set or what its text says, so every string or null conforms on every response; a check would invent its meaning (a hint on a complete page and none on a cut one are both accepted, src/checks/behaviour-readings.test.ts)",
  },
  {
    section: E,
    sentence:
      "`cost` | object | `units` integer >= 0; `unit_type` one of `record`, `premium_record`; `credits_charged` number >= 0; `credits_reserved` number, always 0; `balance` number >= 0",
    schema: [env("/properties/cost")],
    checks: ["cost.credits_reserved_zero"],
    suites: ["schema"],
    reading:
      "`balance` is the balance the call drew on, the one `/me` shows as `credential.credits` for the key used (`cost.balance_matches_me`, see Authentication 5)",
  },
  { section: E, sentence: "`warnings` | array of strings", schema: [env("/properties/warnings")] },
  {
    section: E,
    sentence: "All envelope fields are required; no other fields appear.",
    schema: [env("/required"), env("/additionalProperties")],
    checks: ["response.schema", "response.structure_bounded"],
    reading:
      "every field has a type, so the deepest field the contract names is 7 containers down; a body nested more than 64 deep is not judged field by field but fails under `response.structure_bounded`, a harness bound (payloads that allow other fields leave the depth open in the contract itself)",
  },
  {
    section: B,
    sentence:
      "Object `error` with `code` (string, required, stable machine-readable, no backend diagnostics)",
    schema: [at("error", "/properties/error/properties/code")],
    checks: ["http.error_body_on_error_status", "error.code_machine_readable"],
    reading:
      '"no backend diagnostics" can only be judged by its look: a code that is not a short token is a warning',
  },
  {
    section: B,
    sentence:
      "`required_tier` (string, optional; plan tier that unlocks the operation, with `plan_required`)",
    schema: [at("error", "/properties/error/properties/required_tier")],
    checks: ["error.plan_required_fields"],
    reading: "`required_tier` on another code is a warning",
  },
  {
    section: B,
    sentence: "`upgrade_url` (string, uri, optional)",
    schema: [at("error", "/properties/error/properties/upgrade_url")],
  },
  {
    section: B,
    sentence: "No other fields.",
    schema: [at("error", "/additionalProperties"), at("error", "/properties/error/additionalProperties")],
  },
  {
    section: B,
    sentence: "Error body (all error statuses)",
    checks: ["http.error_body_on_error_status", "response.schema"],
    reading:
      "applies to every status >= 400 of every route, including 404/405/409/413 whose codes are not shown",
  },
];
