/** Rules of "Limits" (table and numbered rules) and "Versioning". */
import { at, type ContractSentence, NOT_SHOWN } from "./sentence.js";

const L = "Limits";
const LR = "Limits / Rules";
const V = "Versioning";
/** What holds any exchange's request to a stated rule (the input oracles judge in the `schema`/`negative` suites). */
const BOUNDS = "request.invalid_arguments_rejected";
const data = (p: string) => at("entities-response", `/allOf/1/properties/data/properties/${p}`);

/** Rules of these sections. */
export const LIMIT_SENTENCES: ContractSentence[] = [
  {
    section: L,
    sentence: "Calls per minute | 120 | Plus accounts",
    suites: ["rate-limit"],
    reading:
      "the rate-limit suite expects a 429 once the configured number of calls per window is passed (`--expect-rate-limit`)",
  },
  {
    section: L,
    sentence: "Calls per day | 10,000 | Plus accounts",
    notCheckable: "reaching it would spend a whole day's quota of the key",
  },
  {
    section: L,
    sentence: "Records per day | 50,000 | Plus accounts",
    notCheckable: "reaching it would spend a whole day's quota of the key",
  },
  {
    section: L,
    sentence: "Ids per batch call | 1 to 100 (25 on Free via the agent channel) | POST /entities/batch",
    schema: [at("batch-request", "/properties/ids")],
    checks: [BOUNDS],
    suites: ["batch-limits"],
    reading: "the agent channel is not specified; only 1 to 100 is judged",
  },
  {
    section: L,
    sentence: "Ids per call, entity reads | 25 below Plus, 100 on Plus | entity reads",
    checks: [BOUNDS],
    reading: "plans below Plus have no REST access, so only 100 is judged",
  },
  {
    section: L,
    sentence:
      "Recommended ids per call | 50 with all four extensions; sequential calls | POST /entities/batch",
    client: "certify-client: batch size and sequential calls",
  },
  {
    section: L,
    sentence: "`include` items | max 30; `extend` items | max 4; `cursor` items | max 5 | entity reads",
    schema: [
      at("batch-request", "/properties/include"),
      at("batch-request", "/properties/extend"),
      at("batch-request", "/properties/cursor"),
    ],
    checks: [BOUNDS],
  },
  {
    section: L,
    sentence: "`query` length | 1 to 300 characters; `limit` | 1 to 50, default 10 | resolve",
    schema: [at("resolve-request", "/properties/query"), at("resolve-request", "/properties/limit")],
    checks: [BOUNDS, "resolve.limit_respected"],
  },
  {
    section: L,
    sentence: "Nodes per response | max 100 (influencer: 25) | entity reads",
    schema: [data("entities"), at("influencer-response", "/allOf/1/properties/data/properties/entities")],
    checks: ["influencer.nodes_cap"],
  },
  { section: L, sentence: "Edges per response | max 50 | entity reads", schema: [data("edges")] },
  {
    section: L,
    sentence: "`financial_history` rows | max 30 per organisation",
    schema: [at("extensions", "/properties/financial_history")],
  },
  {
    section: L,
    sentence: "`subunits` | max 50 per organisation in a batch; max 1000 for a single id",
    schema: [at("extensions", "/properties/subunits")],
    checks: ["ext.subunits.cap"],
  },
  {
    section: L,
    sentence: "`web_identities` | max 10 per organisation",
    schema: [at("extensions", "/properties/web_identities")],
  },
  {
    section: L,
    sentence: "`extensions_truncated.subunits` | max 100 entries",
    schema: [at("extensions", "/$defs/extensions-truncated/properties/subunits")],
  },
  {
    section: LR,
    sentence:
      "1. All usage is metered, including data that costs 0 credits; basic data costs 0 credits but counts against the volume limits.",
    checks: ["cost.basic_zero_credits"],
    reading: "metering itself is server-side; only the charge is judged",
  },
  {
    section: LR,
    sentence: "1. Extensions and edges count as records.",
    checks: ["cost.units_count_edges_and_extensions"],
    reading:
      "`cost.units` is read as the records a call counts (its `unit_type` is `record`); how many records a node or an extension is, is not shown, so only the least is judged, as a warning: one unit per delivered edge, plus one when any extension row was delivered",
  },
  {
    section: LR,
    sentence:
      "2. The service reserves capacity before a call and settles the actual amount afterwards; a call with 100 ids and all extensions reserves much but charges only what is delivered.",
    checks: ["cost.influencer_credit_per_record", "cost.credits_reserved_zero"],
    reading:
      'the reservation is server-side and not visible; "charges only what is delivered" is judged where a price per delivered record is stated, the influencer dataset (1 credit per delivered node, whatever was asked for), and basic reads charge 0 (`cost.basic_zero_credits`)',
  },
  {
    section: LR,
    sentence: "2. `cost.credits_reserved` is always 0 in the response.",
    schema: [at("envelope", "/properties/cost/properties/credits_reserved")],
    checks: ["cost.credits_reserved_zero"],
  },
  {
    section: LR,
    sentence:
      "3. The `influencer` dataset requires Plus and currently costs 1 beta credit per delivered record",
    checks: ["cost.influencer_credit_per_record"],
    reading: '"currently": a different charge is a warning',
  },
  {
    section: LR,
    sentence: "3. repeating the call can debit credits again.",
    notCheckable: 'permissive ("can"); judging it would spend credits',
  },
  {
    section: LR,
    sentence:
      "4. Day and month counters reset in UTC; `/me` shows used counts, limits and reset times for the credential.",
    schema: [at("me", "/properties/credential")],
    checks: ["me.resets_at_utc_boundaries", "me.day_reset_next_or_last", "me.resets_within_a_month"],
    // me.used_counts_call: a verdict of the schema suite's meaning steps (/me, a read, /me), not a catalogue check.
    suites: ["schema"],
    reading:
      "the presence of `used`, `limits`, `resets` is judged by the schema; \"reset in UTC\" is read as at 00:00 UTC, so every date-time inside `resets` (its field names are not shown) must fall on a UTC day boundary, a warning otherwise; one of them must be the day counters' reset, the next or the last 00:00 UTC of the response's `Date` (15 minutes of slack for the server's clock; \"when … reset\" reads as either), a warning otherwise, judged only when the answer has a `Date`; and none of them may be more than 31 days (and the same slack) from that `Date` (`me.resets_within_a_month`, a warning): a day or month counter's next or last reset is never further, whether a month is a calendar month or a billing month starting on another day; reset times are not waited for. The numbers inside `used` must count a basic read made between two `/me` readings of one UTC day (rule 1: usage at 0 credits is metered): none goes down, and each part named like a day or a month (else `used` as a whole) has one that grew, a warning otherwise (`me.used_counts_call`: the shape is not shown and metering may settle later)",
  },
  {
    section: LR,
    sentence: "5. Recommended practice: fetch the same company at most once per day.",
    client: "certify-client: no org fetched twice in one run",
  },
  {
    section: LR,
    sentence:
      "6. Monthly limit values and limits for plans other than Plus: not shown. Request body size limit: not shown.",
    notCheckable: NOT_SHOWN,
  },
  {
    section: V,
    sentence: "Contract identifier in every data response: `cb/v1`.",
    schema: [at("envelope", "/properties/contract")],
  },
  {
    section: V,
    sentence: "Interface description version: 0.3.0 (beta).",
    notCheckable: "the version is not carried in responses",
  },
  {
    section: V,
    sentence: "The version segment `/v1` is part of `{base_url}`.",
    notCheckable: "the base URL is the user's input",
  },
  {
    section: V,
    sentence: "The same API is also served at `{alt_base_url}` for existing clients.",
    suites: ["alt-base-url"],
    reading:
      "the same API includes its refusals: alt.same_response compares 200 bodies, alt.same_error_response compares the status, error code and the headers WWW-Authenticate, Retry-After and Content-Type of a missing key, a wrong key, a bound case past its bound, an unknown route and a wrong method",
  },
  {
    section: V,
    sentence:
      "Legacy sub-unit field names … are delivered alongside the new names until version 2; new code uses the new names.",
    checks: ["ext.subunits.legacy_names"],
    client: "new code reads the new names",
  },
];
