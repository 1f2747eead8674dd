/**
 * Seeded contract violations of the reference server. Exactly one can be switched on per start
 * (`mutation` option); the e2e matrix proves that `cbcheck run` (or `cbcheck load`) catches each.
 */

/** Where a seeded bug lives. */
export type MutationArea =
  | "envelope"
  | "nodes"
  | "edges"
  | "extensions"
  | "coverage"
  | "errors"
  | "auth"
  | "rate-limit"
  | "alt-base-url"
  | "http"
  | "resolve"
  | "influencer";

/** One seeded bug. */
export interface Mutation<Id extends string = MutationId> {
  id: Id;
  area: MutationArea;
  description: string;
  /** Which command must catch it: `run` (conformance) or `load` (only visible under load). */
  detectedBy: "run" | "load";
}

const m = <const Id extends string>(
  id: Id,
  area: MutationArea,
  description: string,
  detectedBy: "run" | "load" = "run",
): Mutation<Id> => ({
  id,
  area,
  description,
  detectedBy,
});

/** Every seeded bug, by stable id. */
export const MUTATIONS = [
  m("envelope-extra-field", "envelope", "data responses carry an extra top-level field `debug`"),
  m("envelope-missing-request-id", "envelope", "`request_id` is left out of data responses"),
  m("envelope-contract-v2", "envelope", "`contract` says `cb/v2`"),
  m("envelope-credits-reserved", "envelope", "`cost.credits_reserved` is 1 instead of 0"),
  m("envelope-evidence-nonempty", "envelope", "`evidence` holds one item"),
  m("envelope-request-id-not-uuid", "envelope", "`request_id` is a counter, not a uuid"),
  m("envelope-as-of-not-date-time", "envelope", "`as_of` is a bare date (`2026-01-01`)"),
  m(
    "envelope-as-of-space-separated",
    "envelope",
    "`as_of` has a space for its `T` (`2026-01-01 00:00:00Z`: ajv-formats accepts it, RFC 3339 does not)",
  ),
  m("envelope-unit-type-invalid", "envelope", "`cost.unit_type` is `credit`"),
  m("resolve-cursor-set", "resolve", "resolve answers a non-null `cursor`"),
  m("resolve-over-limit", "resolve", "resolve returns one candidate more than `limit`"),
  m(
    "resolve-default-limit-50",
    "resolve",
    "resolve without `limit` returns up to 50 candidates (default 10)",
  ),
  m("resolve-requested-empty", "resolve", "resolve answers `coverage.requested: []`"),
  m(
    "resolve-truncated-at-limit",
    "resolve",
    "resolve says `truncated: true` whenever its page is full at `limit`, even when no candidate was cut",
  ),
  m(
    "resolve-truncated-never",
    "resolve",
    "resolve always says `truncated: false`, also on a page cut at the client's `limit` (a warning: that reading is open)",
  ),
  m(
    "resolve-spins-forever",
    "resolve",
    "GET /resolve never answers: the server's thread spins in a loop that never yields (serve it in a child process)",
  ),
  m("org-employees-string", "nodes", "org payload `employees` is a string"),
  m("org-unknown-field", "nodes", "org payload carries an unknown field `internal_score`"),
  m("node-missing-name", "nodes", "nodes lack the required `name` field"),
  m("edges-without-include", "edges", "edges are returned when `include` was not given"),
  m("edge-props-extra-field", "edges", "edge `props` carries an unknown field `weight`"),
  m("edges-51", "edges", "an edge page holds 51 edges"),
  m("edges-cut-silently", "edges", "a cut edge page says `truncated: false` and hands out no cursor"),
  m("method-not-allowed-without-allow", "http", "405 responses lack the `Allow` header"),
  m("edges-cursor-skip", "edges", "the cursor resumes one edge late: one edge per page is never delivered"),
  m("edges-cursor-overlap", "edges", "the cursor resumes one edge early: the last edge of a page repeats"),
  m(
    "edges-cursor-refused",
    "edges",
    "an entity read with a cursor, the server's own too, is refused with 400",
  ),
  m(
    "edges-cursor-past-end",
    "edges",
    "the last edge page says `truncated: true` with a cursor, whose page holds no further edge",
  ),
  m("multi-org-payload-empty", "nodes", "in a read of more than one id, an organisation's payload is `{}`"),
  m("financial-oldest-first", "extensions", "`financial_history` is ordered oldest year first"),
  m("financial-duplicate-year", "extensions", "`financial_history` repeats its newest year"),
  m("subunits-51-in-batch", "extensions", "51 sub-units per organisation in a multi-id request"),
  m(
    "subunits-without-legacy-names",
    "extensions",
    "sub-units lack the legacy names `industry_code`, `industry_description`, `address_street`, `address_postal_code`",
  ),
  m(
    "extensions-truncated-missing",
    "extensions",
    "`extensions_truncated` is left out when a sub-unit list was cut",
  ),
  m(
    "extension-unrequested-org",
    "extensions",
    "an extension is keyed by an organisation that was not requested",
  ),
  m(
    "signature-in-multi-org",
    "extensions",
    "signature/procuration fields appear when several organisations are requested",
  ),
  m("coverage-missing-omitted", "coverage", "an unknown id is left out of `coverage.missing`"),
  m("coverage-requested-mismatch", "coverage", "`coverage.requested` names an id that was not requested"),
  m("unknown-id-404", "coverage", "an unknown id answers 404 instead of 200 with `coverage.missing`"),
  m("validation-500-message", "errors", 'invalid arguments answer 500 with `{"message": …}`'),
  m("error-without-code", "errors", "400 error bodies lack `error.code`"),
  m("unknown-extension-accepted", "errors", "an unknown `extend` name is accepted with 200"),
  m(
    "extend-name-case-folded",
    "errors",
    "`extend` names are compared in any case: `SUBUNITS` is accepted with 200",
  ),
  m(
    "as-of-lower-case-refused",
    "errors",
    "`as_of` with a lower-case `t` or `z` (RFC 3339 allows both cases) is refused with 400",
  ),
  m("repeated-items-500", "errors", "a name repeated in `include` or `extend` answers 500"),
  m(
    "dataset-value-trimmed",
    "errors",
    '`dataset` is trimmed before it is compared: `" basic "` is accepted with 200',
  ),
  m(
    "json-param-not-json-ignored",
    "errors",
    "a JSON-encoded `include`, `extend` or `cursor` that is not JSON text is ignored (200)",
  ),
  m("blank-query-500", "errors", "a resolve `query` of white space only answers 500"),
  m(
    "format-character-query-500",
    "errors",
    "a resolve `query` holding a control or format character (NUL, zero-width space, bidi override) answers 500",
  ),
  m("unknown-parameter-500", "errors", "a resolve query parameter the operation does not have answers 500"),
  m("repeated-body-key-500", "errors", "a batch body naming a key twice answers 500"),
  m("body-without-content-type-500", "errors", "a batch body sent without a Content-Type header answers 500"),
  m("id-array-item-500", "errors", 'a batch id that is an array (`{"ids":[["cb:org:…"]]}`) answers 500'),
  m("ids-101-accepted", "errors", "a batch of 101 ids is accepted"),
  m("query-301-accepted", "errors", "a resolve query of 301 characters is accepted"),
  m(
    "query-length-in-utf16-units",
    "errors",
    "the resolve query's length is counted in UTF-16 units: 300 emoji (600 units) are refused",
  ),
  m(
    "query-length-high-bmp-pairs",
    "errors",
    "the resolve query's length takes every UTF-16 unit from U+D800 up for a surrogate pair: 301 characters from U+E000 up (half-width kana) count as fewer and are accepted",
  ),
  m(
    "query-plus-dropped",
    "errors",
    "a raw `+` in a query string is dropped (neither a space nor a `+`): a 301-character query written with raw `+` is accepted",
  ),
  m(
    "malformed-escape-ignored",
    "errors",
    "a query parameter with malformed percent-encoding (`limit=%ZZ`) is taken as absent (200) instead of 400",
  ),
  m("oversize-body-accepted", "errors", "request bodies above 1 MiB are read and answered (no 413)"),
  m("www-authenticate-missing", "auth", "401 responses lack `WWW-Authenticate`"),
  m(
    "challenge-without-resource-metadata",
    "auth",
    "401 responses carry `WWW-Authenticate: Bearer` without its `resource_metadata` parameter",
  ),
  m(
    "challenge-metadata-not-url",
    "auth",
    '401 challenges carry `resource_metadata="undefined"` (no URL) instead of the metadata document\'s URL',
  ),
  m("plan-required-empty-tier", "auth", '403 `plan_required` says `"required_tier": ""` (names no tier)'),
  m("free-key-served", "auth", "a Free key is served data (no 403 `plan_required`)"),
  m("revoked-key-accepted", "auth", "a revoked key is accepted as Plus"),
  m("plan-required-without-tier", "auth", "403 `plan_required` lacks `required_tier`"),
  m("team-billed-personal", "auth", "`/me` of a team key says `billed_to: personal`"),
  m(
    "team-charges-personal",
    "influencer",
    "a team key's influencer reads are charged to the personal balance",
  ),
  m("no-credits-served", "influencer", "a key without credits is served the influencer dataset (no 402)"),
  m(
    "credits-refused-while-covered",
    "influencer",
    "402 `credits_exhausted` on influencer reads once the plus key has spent any credit, though its balance covers them",
  ),
  m("rate-limit-off", "rate-limit", "no calls-per-window limit at all", "load"),
  m("retry-after-missing", "rate-limit", "429 responses lack `Retry-After`", "load"),
  m("retry-after-fractional", "rate-limit", "`Retry-After` is fractional (`1.5`)", "load"),
  m(
    "rate-limit-leaks-under-concurrency",
    "rate-limit",
    "the limiter counts a call only when it has finished (a 50 ms metering round trip), so concurrent bursts pass",
    "load",
  ),
  m("slow-responses", "rate-limit", "every data response is delayed by 50 ms", "load"),
  m(
    "batch-100-5xx-under-concurrency",
    "rate-limit",
    "a 100-id batch answers 500 while another 100-id batch is in flight",
    "load",
  ),
  m("alt-drops-warnings", "alt-base-url", "responses under /api/v1 lack `warnings`"),
  m("alt-resolve-limit-default", "alt-base-url", "resolve under /api/v1 defaults `limit` to 5"),
  m("alt-401-without-challenge", "alt-base-url", "401 under /api/v1 lacks `WWW-Authenticate`"),
  m("alt-405-as-404", "alt-base-url", "a wrong method under /api/v1 is answered 404 `not_found`"),
  m("alt-errors-text-plain", "alt-base-url", "error replies under /api/v1 are labelled `text/plain`"),
  m("content-type-html", "http", "data responses are labelled `text/html`"),
  m(
    "path-read-as-query",
    "http",
    "a target without `?` is read whole as the query string: GET /entities/cb:person:a&dataset=x is refused (400)",
  ),
  m("gzip-regardless", "http", "every reply is gzip-coded, even to `Accept-Encoding: identity`"),
  m(
    "stated-routes-404",
    "http",
    "GET /usage, POST /search and POST /traversals answer 404, as if the contract did not name them",
  ),
  m("influencer-26-nodes", "influencer", "influencer reads pad the page with related identities to 26 nodes"),
  m(
    "influencer-empty-page-padded",
    "influencer",
    "an influencer read that delivers nothing (unknown ids) gets one made-up identity node",
  ),
  m("influencer-data-has-edges", "influencer", "influencer `data` carries `edges: []` besides `entities`"),
  m(
    "entities-unrequested-node",
    "nodes",
    "entity reads deliver one node more than asked for (`cb:person:not-requested`)",
  ),
  m(
    "resolve-exact-id-not-found",
    "resolve",
    "resolve finds names only: an organisation number or node id finds no candidate",
  ),
  m(
    "batch-differs-from-get",
    "nodes",
    "POST /entities/batch leaves out `active_predicates` that GET /entities/{id} delivers",
  ),
  m(
    "active-predicates-undercount",
    "edges",
    "`active_predicates` counts 1 relation of each predicate, whatever the page delivers",
  ),
  m(
    "units-count-nodes-only",
    "envelope",
    "`cost.units` of entity reads counts nodes only, not edges and extensions",
  ),
  m("resets-local-midnight", "auth", "`/me` reset times are midnight in Oslo (23:00 UTC), not in UTC"),
  m("me-used-frozen", "auth", "`/me` `used` counts stay at 0 whatever the key has used"),
  m(
    "resets-month-long-ago",
    "auth",
    "`/me` says the month counters reset on the first of a month three months back: no counter's next or last reset",
  ),
  m("me-resets-empty", "auth", "`/me` `credential.resets` is an empty object: no reset time shown"),
  m("me-limits-empty", "auth", "`/me` `credential.limits` is an empty object: no limit shown"),
  m(
    "me-personal-credits-zero",
    "auth",
    "`/me` top-level `credits` is 0 although the personal key draws on a personal balance that is not",
  ),
  m(
    "influencer-balance-up",
    "influencer",
    "`cost.balance` of an influencer read is the balance plus the read's charge, not less it",
  ),
  m(
    "resolve-limit-one-empty",
    "resolve",
    "a resolve at limit 1 that cuts candidates answers an empty page that says `truncated` false",
  ),
  m(
    "resets-day-in-past",
    "auth",
    "`/me` says the day counters reset at yesterday's 00:00 UTC: neither the next reset nor the last",
  ),
  m(
    "influencer-mixed-networks",
    "influencer",
    "influencer node ids after the first name another network (`cb:identity:othernet:<username>`)",
  ),
  m("group-parent-self", "extensions", "`group_parent` of every organisation is the organisation itself"),
  m(
    "group-parent-direct-owner",
    "extensions",
    "`group_parent` is the organisation's direct owner, not the top owner of its ownership chain",
  ),
  m("subunit-parent-self", "nodes", "a sub-unit's `parent_org_nr` is its own organisation number"),
  m(
    "subunit-id-of-main-unit",
    "extensions",
    "each listed sub-unit's `id` is its main unit's id (`cb:org:<main unit>`)",
  ),
  m(
    "cost-balance-personal",
    "envelope",
    "`cost.balance` is the user's personal balance whatever the key: a team key's calls show it, not the team's",
  ),
  m(
    "dataset-ignored",
    "influencer",
    "entity reads ignore `dataset`: `influencer` is answered from the basic dataset",
  ),
] as const;

/** The id of one seeded bug: a union, so a misspelt id does not compile. */
export type MutationId = (typeof MUTATIONS)[number]["id"];

/** The mutation with this id, or an Error naming where the known ids are. */
export function findMutation(id: string): Mutation {
  const found = MUTATIONS.find((x) => x.id === id);
  if (!found) throw new Error(`unknown mutation "${id}" (see MUTATIONS in src/server/mutations.ts)`);
  return found;
}

/**
 * Seeded bugs that stop the server's thread for good: on the runner's own thread nothing could end the run,
 * so a run with one of them starts the embedded server in a child process.
 */
export const BLOCKS_THREAD: ReadonlySet<string> = new Set<MutationId>(["resolve-spins-forever"]);
