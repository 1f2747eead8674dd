/**
 * The matrix of seeded bugs: every `MUTATIONS` entry with `detectedBy: "run"` switched on in the embedded
 * server makes the run fail, with (at least) the check ids this table expects. A clean server fails none
 * (run-conformance.test.ts). Each row runs only the suites that can see its bug, with few generated
 * requests, so that the whole matrix stays within a few minutes on 2 cores.
 */
import { describe, expect, it } from "vitest";
import { MUTATIONS } from "../server/mutations.js";
import { unregisteredIds } from "../verdicts/test-support/unregistered.js";
import type { SuiteName } from "../vocabulary/suite-name.js";
import { resolveRunOptions } from "./options.js";
import { runConformance } from "./run-conformance.js";

interface Row {
  /** Check ids that must fail (others may fail too). */
  expect: string[];
  /** Suites that can see the bug (kept small for speed); absent: the full default run. */
  suites?: SuiteName[];
  /** Run with `--strict`: the bug breaks a rule judged as a warning (see docs/contract-rules.md). */
  strict?: boolean;
}

const S: SuiteName[] = ["schema"];
const NEG: SuiteName[] = ["negative"];
const AUTH: SuiteName[] = ["auth"];
const LIM: SuiteName[] = ["limits"];
const ALT: SuiteName[] = ["alt-base-url"];

/** Mutation id → the checks that must catch it. */
const MATRIX: Record<string, Row> = {
  "envelope-extra-field": { expect: ["response.schema"], suites: S },
  "envelope-missing-request-id": { expect: ["response.schema"], suites: S },
  "envelope-contract-v2": { expect: ["response.schema"], suites: S },
  "envelope-credits-reserved": { expect: ["cost.credits_reserved_zero"], suites: S },
  "envelope-evidence-nonempty": { expect: ["envelope.evidence_empty"], suites: S },
  "envelope-request-id-not-uuid": { expect: ["response.schema"], suites: S },
  "envelope-as-of-not-date-time": { expect: ["response.schema"], suites: S },
  "envelope-as-of-space-separated": { expect: ["response.schema"], suites: S },
  "envelope-unit-type-invalid": { expect: ["response.schema"], suites: S },
  "resolve-cursor-set": { expect: ["resolve.cursor_null"], suites: S },
  "resolve-over-limit": { expect: ["resolve.limit_respected"], suites: S },
  "resolve-default-limit-50": { expect: ["resolve.limit_respected"], suites: S },
  "resolve-requested-empty": { expect: ["resolve.coverage_single_requested"], suites: S },
  "org-employees-string": { expect: ["response.schema"], suites: S },
  "org-unknown-field": { expect: ["response.schema"], suites: S },
  "node-missing-name": { expect: ["response.schema"], suites: S },
  "edges-without-include": { expect: ["edges.only_with_include"], suites: S },
  "edge-props-extra-field": { expect: ["response.schema"], suites: S },
  "edges-51": { expect: ["response.schema"], suites: LIM },
  "edges-cut-silently": { expect: ["edges.page_cut_declared"], suites: LIM },
  "method-not-allowed-without-allow": { expect: ["http.allow_on_405"], suites: ["http"], strict: true },
  "edges-cursor-skip": { expect: ["limits.edge_paging_reaches_all"], suites: LIM },
  "edges-cursor-overlap": { expect: ["limits.edge_paging_no_duplicate_edge"], suites: LIM },
  "financial-oldest-first": { expect: ["ext.financial_history.newest_first"], suites: S },
  "financial-duplicate-year": { expect: ["ext.financial_history.one_row_per_year"], suites: S },
  "subunits-51-in-batch": { expect: ["ext.subunits.cap"], suites: LIM },
  "extensions-truncated-missing": {
    expect: ["limits.subunits_cut_listed_in_extensions_truncated"],
    suites: LIM,
  },
  "extension-unrequested-org": { expect: ["ext.keys_requested_orgs"], suites: S },
  "signature-in-multi-org": { expect: ["org.signature_only_single"], suites: S },
  "coverage-missing-omitted": { expect: ["coverage.requested_returned_or_missing"], suites: S },
  "coverage-requested-mismatch": { expect: ["coverage.consistent_with_request"], suites: S },
  "unknown-id-404": { expect: ["schema.valid_request_served"], suites: S },
  "validation-500-message": {
    expect: ["http.error_body_on_error_status", "negative.batch_ids_101"],
    suites: NEG,
  },
  "error-without-code": {
    expect: ["http.error_body_on_error_status", "negative.batch_ids_101"],
    suites: NEG,
  },
  "unknown-extension-accepted": { expect: ["negative.batch_extend_unknown_name"], suites: NEG },
  "ids-101-accepted": { expect: ["negative.batch_ids_101"], suites: NEG },
  "query-301-accepted": { expect: ["negative.resolve_query_length_301"], suites: NEG },
  "query-length-in-utf16-units": { expect: ["negative.resolve_query_300_astral"], suites: NEG },
  "oversize-body-accepted": { expect: ["negative.batch_oversize_body"], suites: NEG },
  "www-authenticate-missing": { expect: ["auth.missing_or_invalid_key_401"], suites: AUTH },
  "free-key-served": { expect: ["auth.free_key_plan_required_403"], suites: AUTH },
  "revoked-key-accepted": { expect: ["auth.revoked_key_401"], suites: AUTH },
  "team-billed-personal": { expect: ["auth.team_key_billed_to_team"], suites: AUTH },
  "team-charges-personal": { expect: ["auth.team_key_credit_split"], suites: AUTH },
  "no-credits-served": { expect: ["auth.no_credits_key_402"], suites: AUTH },
  "credits-refused-while-covered": { expect: ["credits.refused_while_covered"], suites: ["auth", "limits"] },
  "plan-required-without-tier": { expect: ["auth.free_key_plan_required_403"], suites: AUTH },
  "alt-drops-warnings": { expect: ["alt.same_response"], suites: ALT },
  "alt-resolve-limit-default": { expect: ["alt.same_response"], suites: ALT },
  "alt-401-without-challenge": { expect: ["alt.same_error_response"], suites: ALT },
  "alt-405-as-404": { expect: ["alt.same_error_response"], suites: ALT },
  "alt-errors-text-plain": { expect: ["alt.same_error_response"], suites: ALT },
  "content-type-html": { expect: ["http.json_content_type"], suites: ["http"] },
  "gzip-regardless": { expect: ["http.content_encoding_accepted"], suites: ["http"] },
  "influencer-26-nodes": { expect: ["influencer.nodes_cap"], suites: S },
  "influencer-mixed-networks": { expect: ["influencer.one_network"], suites: S },
  "influencer-data-has-edges": { expect: ["response.schema"], suites: S },
  "entities-unrequested-node": { expect: ["entities.nodes_requested"], suites: S },
  "dataset-ignored": { expect: ["dataset.response_matches_request"], suites: S },
  "resolve-exact-id-not-found": { expect: ["resolve.exact_identifier_found"], suites: S, strict: true },
  "batch-differs-from-get": { expect: ["entities.batch_same_as_get"], suites: S },
  "active-predicates-undercount": { expect: ["edges.within_active_predicates"], suites: S, strict: true },
  "resets-local-midnight": { expect: ["me.resets_at_utc_boundaries"], suites: AUTH, strict: true },
  "group-parent-self": { expect: ["ext.group_parent_above_company"], suites: S },
  "units-count-nodes-only": { expect: ["cost.units_count_edges_and_extensions"], suites: S, strict: true },
};

const runMutations = MUTATIONS.filter((m) => m.detectedBy === "run");

describe("mutation matrix: cbcheck run catches every seeded bug", () => {
  it("has a row for every run mutation", () => {
    for (const m of runMutations) expect(MATRIX[m.id], m.id).toBeDefined();
    for (const id of Object.keys(MATRIX))
      expect(
        runMutations.some((m) => m.id === id),
        id,
      ).toBe(true);
  });

  for (const m of runMutations.filter((x) => MATRIX[x.id])) {
    const row = MATRIX[m.id];
    it(`${m.id} → ${row.expect.join(", ")}`, async () => {
      const options = resolveRunOptions({
        seed: 1,
        runs: 10,
        mutation: m.id,
        ...(row.suites ? { suites: row.suites } : {}),
        ...(row.strict ? { strict: true } : {}),
      });
      const { report } = await runConformance(options);
      const failing = new Set(report.results.filter((r) => r.status === "fail").map((r) => r.id));
      expect(report.verdict).toBe("fail");
      for (const id of row.expect) expect([...failing], `${m.id} must fail ${id}`).toContain(id);
      expect(unregisteredIds(report)).toEqual([]);
    });
  }
});

/** Load mutations that the sequential `rate-limit` suite of `run` also sees (with the window to use). */
const LOAD_ALSO_CAUGHT: Record<string, { expect: string; windowMs: number }> = {
  // A long window, so that 2 × limit + 1 sequential calls surely fit in one window on a busy machine.
  "rate-limit-off": { expect: "rate.limit_enforced", windowMs: 20_000 },
  "retry-after-missing": { expect: "rate.retry_after_whole_seconds", windowMs: 2_000 },
  "retry-after-fractional": { expect: "rate.retry_after_whole_seconds", windowMs: 2_000 },
};

describe("mutation matrix: load mutations the rate-limit suite also catches", () => {
  for (const [id, row] of Object.entries(LOAD_ALSO_CAUGHT)) {
    // A short window must hold 2 × limit + 1 sequential calls; a busy CI machine can stretch one round past it.
    it(`${id} → ${row.expect}`, { retry: 2 }, async () => {
      expect(MUTATIONS.find((m) => m.id === id)?.detectedBy).toBe("load");
      const options = resolveRunOptions({
        seed: 1,
        mutation: id,
        suites: ["rate-limit"],
        embeddedRateLimit: 100,
        embeddedRateWindowMs: row.windowMs,
      });
      const { report } = await runConformance(options);
      const failing = report.results.filter((r) => r.status === "fail").map((r) => r.id);
      expect(failing).toContain(row.expect);
      expect(unregisteredIds(report)).toEqual([]);
    });
  }
});
