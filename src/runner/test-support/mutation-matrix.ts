/**
 * The matrix of seeded bugs `cbcheck run` must catch, shared by the matrix's test files (split so that its
 * rows run in parallel): each row names the checks that must fail and the suites that can see the bug.
 */
import { expect } from "vitest";
import { MUTATIONS } from "../../server/mutations.js";
import { middayUtc, SkippingClock } from "../../test-support/clocks.js";
import { unregisteredIds } from "../../verdicts/test-support/unregistered.js";
import type { SuiteName } from "../../vocabulary/suite-name.js";
import { type RunOptions, resolveRunOptions } from "../options.js";
import { runConformance } from "../run-conformance.js";

/** One row of the matrix. */
export interface Row {
  /** Check ids that must fail (others may fail too). */
  expect: string[];
  /** Suites that can see the bug (kept small for speed); absent: the full default run. */
  suites?: SuiteName[];
  /** Run with `--strict`: the bug breaks a rule judged as a warning (see docs/contract-rules.md). */
  strict?: boolean;
  /** Generated requests per operation, when the default `RUNS` is too few to show the bug. */
  runs?: number;
  /** A counterexample of the first expected id must have a title matching this (the case that caught it). */
  title?: RegExp;
  /** Every response shows the bug: the random phase alone finds it (the coverage phase is left out, for speed). */
  anyResponse?: boolean;
  /** Other options the row needs (a bug that hangs the server needs it in a child, and a short timeout). */
  options?: RunOptions;
}

/** The schema suite alone: the rows of mutation-matrix-schema.test.ts. */
export const S: SuiteName[] = ["schema"];
const NEG: SuiteName[] = ["negative"];
const AUTH: SuiteName[] = ["auth"];
const LIM: SuiteName[] = ["limits"];
const ALT: SuiteName[] = ["alt-base-url"];

/** Mutation id → the checks that must catch it. */
export const MATRIX: Record<string, Row> = {
  "envelope-extra-field": { expect: ["response.schema"], suites: S, anyResponse: true },
  "envelope-missing-request-id": { expect: ["response.schema"], suites: S, anyResponse: true },
  "envelope-contract-v2": { expect: ["response.schema"], suites: S, anyResponse: true },
  "envelope-credits-reserved": { expect: ["cost.credits_reserved_zero"], suites: S, anyResponse: true },
  "envelope-evidence-nonempty": { expect: ["envelope.evidence_empty"], suites: S, anyResponse: true },
  "envelope-request-id-not-uuid": { expect: ["response.schema"], suites: S, anyResponse: true },
  "envelope-as-of-not-date-time": { expect: ["response.schema"], suites: S, anyResponse: true },
  "envelope-as-of-space-separated": { expect: ["response.schema"], suites: S, anyResponse: true },
  "envelope-unit-type-invalid": { expect: ["response.schema"], suites: S, anyResponse: true },
  "resolve-cursor-set": { expect: ["resolve.cursor_null"], suites: S, anyResponse: true },
  "resolve-over-limit": { expect: ["resolve.limit_respected"], suites: S },
  "resolve-default-limit-50": { expect: ["resolve.limit_respected"], suites: S },
  "resolve-requested-empty": { expect: ["resolve.coverage_single_requested"], suites: S, anyResponse: true },
  "resolve-truncated-at-limit": { expect: ["resolve.truncated_only_when_cut"], suites: S },
  "resolve-truncated-never": { expect: ["resolve.truncated_when_limit_cuts"], suites: S, strict: true },
  "resolve-spins-forever": {
    expect: ["transport.response_received"],
    suites: S,
    options: { embeddedMode: "child", timeoutMs: 1000, giveUpAfterFailures: 2 },
  },
  "org-employees-string": { expect: ["response.schema"], suites: S, anyResponse: true },
  "org-unknown-field": { expect: ["response.schema"], suites: S, anyResponse: true },
  "node-missing-name": { expect: ["response.schema"], suites: S, anyResponse: true },
  "edges-without-include": { expect: ["edges.only_with_include"], suites: S },
  "edge-props-extra-field": { expect: ["response.schema"], suites: S },
  "edges-51": { expect: ["response.schema"], suites: LIM },
  "edges-cut-silently": { expect: ["edges.page_cut_declared"], suites: LIM },
  "method-not-allowed-without-allow": { expect: ["http.allow_on_405"], suites: ["http"], strict: true },
  "edges-cursor-skip": { expect: ["limits.edge_paging_reaches_all"], suites: LIM },
  "edges-cursor-overlap": { expect: ["limits.edge_paging_no_duplicate_edge"], suites: LIM },
  "edges-cursor-refused": { expect: ["limits.edge_paging_reaches_all"], suites: LIM },
  "multi-org-payload-empty": { expect: ["entities.batch_nodes_same_as_get"], suites: S },
  "edges-cursor-past-end": { expect: ["limits.edge_paging_cut_continues"], suites: LIM, strict: true },
  "financial-oldest-first": { expect: ["ext.financial_history.newest_first"], suites: S },
  "financial-duplicate-year": { expect: ["ext.financial_history.one_row_per_year"], suites: S },
  "subunits-51-in-batch": { expect: ["ext.subunits.cap"], suites: LIM },
  "subunits-without-legacy-names": { expect: ["ext.subunits.legacy_names"], suites: S },
  "extensions-truncated-missing": {
    expect: ["limits.subunits_cut_listed_in_extensions_truncated"],
    suites: LIM,
  },
  "extension-unrequested-org": { expect: ["ext.keys_requested_orgs"], suites: S },
  "signature-in-multi-org": { expect: ["org.signature_only_single"], suites: S },
  "coverage-missing-omitted": { expect: ["coverage.requested_returned_or_missing"], suites: S },
  "coverage-requested-mismatch": {
    expect: ["coverage.consistent_with_request"],
    suites: S,
    anyResponse: true,
  },
  "unknown-id-404": { expect: ["input.valid_accepted"], suites: S, title: /answered 404/ },
  "validation-500-message": {
    expect: ["input.invalid_rejected", "http.error_body_on_error_status"],
    suites: NEG,
    title: /answered 500/,
  },
  "error-without-code": {
    expect: ["input.invalid_rejected", "http.error_body_on_error_status"],
    suites: NEG,
  },
  "unknown-extension-accepted": {
    expect: ["input.invalid_rejected"],
    suites: NEG,
    title: /answered 200: extend /,
  },
  "extend-name-case-folded": {
    expect: ["input.invalid_rejected"],
    suites: NEG,
    title: /answered 200: extend .*other case of/,
  },
  "ids-101-accepted": {
    expect: ["input.invalid_rejected"],
    suites: NEG,
    title: /answered 200: ids .*maxItems 100/,
  },
  "query-301-accepted": {
    expect: ["input.invalid_rejected"],
    suites: NEG,
    title: /answered 200: query .*one above maxLength 300/,
  },
  "query-length-high-bmp-pairs": {
    expect: ["input.invalid_rejected"],
    suites: NEG,
    title: /answered 200: query .*one above maxLength 300 \(half-width kana/,
  },
  "query-plus-dropped": {
    expect: ["input.invalid_rejected"],
    suites: NEG,
    title: /answered 200: query .*301 characters with raw \+/,
  },
  "malformed-escape-ignored": {
    expect: ["input.invalid_rejected"],
    suites: NEG,
    title: /answered 200: limit .*malformed escape %ZZ/,
  },
  "query-length-in-utf16-units": {
    expect: ["input.valid_accepted"],
    suites: S,
    title: /answered 400: query .*at maxLength 300 \(astral/,
  },
  "as-of-lower-case-refused": {
    expect: ["input.valid_accepted"],
    suites: S,
    title: /answered 400: as_of .*lower-case t and z/,
  },
  "repeated-items-500": {
    expect: ["input.open_bounded"],
    suites: S,
    title: /answered 500: (include|extend) .*repeated/,
  },
  "dataset-value-trimmed": {
    expect: ["input.invalid_rejected"],
    suites: NEG,
    title: /answered 200: dataset .*padded with spaces/,
  },
  "json-param-not-json-ignored": {
    expect: ["input.invalid_rejected"],
    suites: NEG,
    title: /answered 200: (include|extend|cursor) .*JSON text cut short/,
  },
  "blank-query-500": {
    expect: ["input.open_bounded"],
    suites: S,
    title: /answered 500: query .*white space only/,
  },
  "format-character-query-500": {
    expect: ["input.open_bounded"],
    suites: S,
    title: /answered 500: query .*(NUL|zero-width|byte order mark|bidi|line feed)/,
  },
  "unknown-parameter-500": {
    expect: ["input.open_bounded"],
    suites: S,
    title: /answered 500: cbcheck_unknown .*parameter the operation does not have/,
  },
  "repeated-body-key-500": {
    expect: ["input.open_bounded"],
    suites: S,
    title: /answered 500: ids .*key given twice/,
  },
  "body-without-content-type-500": {
    expect: ["input.open_bounded"],
    suites: S,
    title: /answered 500: \(body\) .*no Content-Type header/,
  },
  "id-array-item-500": {
    expect: ["input.invalid_rejected"],
    suites: NEG,
    title: /answered 500: ids \[\["cb:[^"]+"\]\] \(item: an array instead of string\)/,
  },
  "oversize-body-accepted": {
    expect: ["input.invalid_rejected"],
    suites: NEG,
    title: /answered 200: \(body\)/,
  },
  "www-authenticate-missing": { expect: ["auth.missing_or_invalid_key_401"], suites: AUTH },
  "challenge-without-resource-metadata": { expect: ["auth.www_authenticate_on_401"], suites: AUTH },
  "challenge-metadata-not-url": {
    expect: ["auth.www_authenticate_on_401"],
    suites: AUTH,
    title: /resource_metadata is not an absolute URL/,
  },
  "free-key-served": { expect: ["auth.free_key_plan_required_403"], suites: AUTH },
  "revoked-key-accepted": { expect: ["auth.revoked_key_401"], suites: AUTH },
  "team-billed-personal": { expect: ["auth.team_key_billed_to_team"], suites: AUTH },
  "team-charges-personal": { expect: ["auth.team_key_credit_split"], suites: AUTH },
  "no-credits-served": { expect: ["auth.no_credits_key_402"], suites: AUTH },
  "credits-refused-while-covered": { expect: ["credits.refused_while_covered"], suites: ["auth", "limits"] },
  "plan-required-empty-tier": {
    expect: ["error.plan_required_fields"],
    suites: AUTH,
    strict: true,
    title: /blank required_tier/,
  },
  "plan-required-without-tier": { expect: ["auth.free_key_plan_required_403"], suites: AUTH },
  "alt-drops-warnings": { expect: ["alt.same_response"], suites: ALT },
  "alt-resolve-limit-default": { expect: ["alt.same_response"], suites: ALT },
  "alt-401-without-challenge": { expect: ["alt.same_error_response"], suites: ALT },
  "alt-405-as-404": { expect: ["alt.same_error_response"], suites: ALT },
  "alt-errors-text-plain": { expect: ["alt.same_error_response"], suites: ALT },
  "content-type-html": { expect: ["http.json_content_type"], suites: ["http"] },
  "path-read-as-query": { expect: ["input.valid_accepted"], suites: S, title: /raw `&dataset=x`/ },
  "gzip-regardless": { expect: ["http.content_encoding_accepted"], suites: ["http"] },
  "stated-routes-404": { expect: ["http.stated_route_served"], suites: ["http"] },
  "influencer-26-nodes": { expect: ["influencer.nodes_cap"], suites: S },
  "influencer-empty-page-padded": { expect: ["entities.nodes_requested"], suites: AUTH },
  "influencer-mixed-networks": { expect: ["influencer.one_network"], suites: S },
  "influencer-data-has-edges": { expect: ["response.schema"], suites: S },
  "entities-unrequested-node": { expect: ["entities.nodes_requested"], suites: S, anyResponse: true },
  "dataset-ignored": { expect: ["dataset.response_matches_request"], suites: S },
  "resolve-exact-id-not-found": { expect: ["resolve.exact_identifier_found"], suites: S },
  "batch-differs-from-get": { expect: ["entities.batch_same_as_get"], suites: S },
  "active-predicates-undercount": { expect: ["edges.within_active_predicates"], suites: S, strict: true },
  "resets-local-midnight": { expect: ["me.resets_at_utc_boundaries"], suites: AUTH, strict: true },
  "me-used-frozen": { expect: ["me.used_counts_call"], suites: S, strict: true },
  "resets-day-in-past": { expect: ["me.day_reset_next_or_last"], suites: AUTH, strict: true },
  "resets-month-long-ago": { expect: ["me.resets_within_a_month"], suites: AUTH, strict: true },
  "me-resets-empty": { expect: ["response.schema"], suites: AUTH },
  "me-limits-empty": { expect: ["response.schema"], suites: AUTH },
  "me-personal-credits-zero": { expect: ["me.personal_key_personal_balance"], suites: AUTH },
  "influencer-balance-up": { expect: ["cost.balance_matches_me"], suites: AUTH },
  "resolve-limit-one-empty": { expect: ["resolve.truncated_when_limit_cuts"], suites: S, strict: true },
  "group-parent-self": { expect: ["ext.group_parent_above_company"], suites: S },
  "group-parent-direct-owner": { expect: ["ext.group_parent_top_owner"], suites: S },
  "subunit-parent-self": { expect: ["org.parent_org_nr_main_unit"], suites: S },
  "subunit-id-of-main-unit": { expect: ["ext.ids_match_org_nr"], suites: S },
  "cost-balance-personal": { expect: ["cost.balance_matches_me"], suites: S },
  "units-count-nodes-only": { expect: ["cost.units_count_edges_and_extensions"], suites: S, strict: true },
};

/** The mutations `run` must catch. */
export const runMutations = MUTATIONS.filter((m) => m.detectedBy === "run");

/**
 * Generated requests per operation: few, for speed (the seed is fixed, so each row sees the same ones; every
 * row is caught at 4). A bug that needs more to show sets `runs` on its row.
 */
const RUNS = 4;

/** Runs the embedded server with `id` switched on and checks the run fails with the row's checks. */
export async function expectCaught(id: string, row: Row): Promise<void> {
  const options = resolveRunOptions({
    seed: 1,
    runs: row.runs ?? RUNS,
    // Every value of the coverage phase alone; its pairs add no bug of this matrix and double its calls.
    maxPairwise: 0,
    ...(row.anyResponse ? { coveragePhase: false } : {}),
    mutation: id,
    // A row asks whether the bug is caught: the run may stop at its first failing outcome (`--max-failures`).
    // Every row's bug is the only thing wrong with the server, so that outcome is one of the bug's own; the
    // asserts below still name the checks (and the case) that must have caught it.
    maxFailures: 1,
    // Midday UTC: the reset checks allow 15 minutes of clock slack around 00:00 UTC, where a reset in the
    // past cannot be told from the last one (resets-day-in-past was missed at 00:10).
    clock: new SkippingClock(middayUtc()),
    ...(row.suites ? { suites: row.suites } : {}),
    ...(row.strict ? { strict: true } : {}),
    ...row.options,
  });
  const { report } = await runConformance(options);
  const failing = new Set(report.results.filter((r) => r.status === "fail").map((r) => r.id));
  expect(report.verdict).toBe("fail");
  for (const want of row.expect) expect([...failing], `${id} must fail ${want}`).toContain(want);
  if (row.title) {
    const titles = report.results
      .filter((r) => r.id === row.expect[0] && r.status === "fail")
      .flatMap((r) => r.counterexamples.map((c) => c.title));
    expect(
      titles.some((t) => row.title?.test(t)),
      `${id}: ${titles.join(" | ")}`,
    ).toBe(true);
  }
  expect(unregisteredIds(report)).toEqual([]);
}
