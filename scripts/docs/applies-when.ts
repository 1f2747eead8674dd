/** When each check judges an exchange, in words, for docs/checks.md (a test keeps it in sync with the catalogue). */
export const APPLIES_WHEN: Record<string, string> = {
  "auth.www_authenticate_on_401": "Any response with status 401.",
  "cost.basic_zero_credits": "200 entity reads with dataset `basic` (the default).",
  "cost.credits_reserved_zero": "200 responses of resolve and entity reads.",
  "cost.influencer_credit_per_record": "200 entity reads with dataset `influencer`.",
  "cost.units_count_edges_and_extensions":
    "200 entity reads with a `data.edges` array and a numeric `cost.units`.",
  "coverage.consistent_with_request": "200 entity reads whose requested ids could be decoded.",
  "coverage.requested_returned_or_missing":
    "200 entity reads whose requested ids could be decoded; the unaccounted-ids part is skipped when `truncated` is true or a cursor is returned.",
  "dataset.response_matches_request": "200 entity reads with dataset `basic` (or none) or `influencer`.",
  "edges.only_with_include": "200 entity reads sent without `include` (or with an empty one).",
  "edges.page_cut_declared":
    "200 entity reads with an `include`, sent without a `cursor` (the first edge page), whose nodes carry `active_predicates`.",
  "edges.predicates_from_include": '200 entity reads with an `include` that is not `["*"]`.',
  "edges.within_active_predicates": "200 entity reads that deliver at least one edge.",
  "entities.consistent_with_data": "200 responses of resolve and entity reads with an `entities` array.",
  "entities.nodes_requested": "200 entity reads whose requested ids could be decoded.",
  "envelope.as_of_not_after_requested":
    "200 entity reads that name a date-time `as_of`, answered with a date-time `as_of`.",
  "envelope.as_of_not_in_future":
    "200 responses of resolve and entity reads that name no `as_of`, with a `Date` header and a date-time `as_of`.",
  "envelope.evidence_empty": "200 responses of resolve and entity reads.",
  "envelope.truncated_when_cut": "200 entity reads.",
  "error.code_for_status": "Error responses (status >= 400) whose body has a string `error.code`.",
  "error.code_machine_readable": "Error responses whose body has a string `error.code`.",
  "error.plan_required_fields": "Error responses with an `error` object.",
  "ext.financial_history.newest_first": "200 entity reads with `data.extensions.financial_history`.",
  "ext.financial_history.one_row_per_year": "200 entity reads with `data.extensions.financial_history`.",
  "ext.keys_requested_orgs": "200 entity reads with `data.extensions` whose requested ids could be decoded.",
  "ext.only_requested": "200 entity reads.",
  "ext.subunits.cap": "200 entity reads with `data.extensions.subunits`.",
  "ext.subunits.legacy_names": "200 entity reads with `data.extensions.subunits`.",
  "ext.subunits.parent_matches_key": "200 entity reads with `data.extensions.subunits`.",
  "ext.subunits.truncated_consistent": "200 entity reads with `data.extensions_truncated.subunits`.",
  "http.allow_on_405": "Any response with status 405.",
  "http.documented_status": "Every response of resolve, GET /entities/{id} and POST /entities/batch.",
  "http.error_body_on_error_status": "Every response with status >= 400 (except to HEAD).",
  "http.json_body": "Every 2xx response except 204 (and HEAD).",
  "http.json_content_type": "Every response with a non-empty body (except to HEAD).",
  "influencer.nodes_cap": "200 entity reads with dataset `influencer`.",
  "me.every_plan": "403 responses of /me and /capabilities.",
  "node.id_matches_type": "200 responses of resolve and entity reads.",
  "org.id_matches_org_nr": "200 entity reads.",
  "org.signature_only_single": "200 entity reads whose requested ids could be decoded.",
  "rate.retry_after_on_429": "Any response with status 429.",
  "request.invalid_arguments_rejected":
    "Responses of resolve and entity reads whose request breaks a stated bound.",
  "resolve.coverage_single_requested": "200 resolve responses.",
  "resolve.cursor_null": "200 resolve responses.",
  "resolve.types_respected":
    "200 resolve responses whose `types` is a JSON array of node type names of the contract.",
  "resolve.limit_respected": "200 resolve responses whose `limit` is an integer (or absent: default 10).",
  "resolve.missing_empty": "200 resolve responses.",
  "response.structure_bounded": "Every response with a JSON body.",
  "response.schema":
    "Responses with a JSON body: 200 resolve (`resolve-response`), 200 entity reads (`entities-response`, or `influencer-response` for dataset `influencer`), 200 /me (`me`), and every status >= 400 (`error`).",
};
