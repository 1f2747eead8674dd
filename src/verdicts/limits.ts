/**
 * Verdicts of the caps of the contract: the `limits` suite (and its edge paging) and the `batch-limits`
 * suite and load profile, which judge the same batch bounds under concurrency.
 */
import type { JudgedVerdict } from "./judged-verdict.js";

/** Suite `limits`, and the id counts that `batch-limits` also judges under concurrency. */
export const LIMITS = {
  batch100Accepted: {
    id: "limits.batch_100_ids_accepted",
    section: "Limits",
    sentence:
      "Ids per batch call | 1 to 100 | POST /entities/batch; Ids per call, entity reads | 100 on Plus",
    level: "fail",
    judgedIn: ["src/runner/suites/limits.ts", "src/runner/suites/batch-limits.ts"],
  },
  batch101Refused: {
    id: "limits.batch_101_ids_refused",
    section: "Errors",
    sentence:
      "400 | Invalid bounded arguments or query (too many ids, unknown extension, wrong format) | invalid_arguments",
    level: "fail",
    judgedIn: ["src/runner/suites/limits.ts", "src/runner/suites/batch-limits.ts"],
  },
  subunitsCutListed: {
    id: "limits.subunits_cut_listed_in_extensions_truncated",
    section: "Resources / Extensions",
    sentence:
      "data.extensions_truncated.subunits: array (max 100) of 9-digit organisation numbers whose sub-unit list was cut.",
    level: "fail",
    judgedIn: ["src/runner/suites/limits.ts"],
  },
  influencerCapProbed: {
    id: "limits.influencer_cap_probed",
    section: "Resources / Influencer dataset node",
    sentence: "Max 25 nodes in data.entities; data has only entities.",
    level: "fail",
    judgedIn: ["src/runner/suites/limits.ts"],
  },
  edgePagingNoDuplicates: {
    id: "limits.edge_paging_no_duplicate_edge",
    section: "Resources / Response envelope",
    sentence:
      "cursor: continuation marker on entity reads (a continued read resumes after the edges already returned).",
    level: "fail",
    judgedIn: ["src/runner/suites/edge-paging.ts"],
  },
  edgePagingReachesAll: {
    id: "limits.edge_paging_reaches_all",
    section: "Endpoints / GET /entities/{id}",
    sentence:
      'Names predicates whose edges are returned; `["*"]` means all. Edges are a bounded page. (following every `cursor` reaches the relations `active_predicates` counts)',
    level: "fail",
    judgedIn: ["src/runner/suites/edge-paging.ts"],
  },
  edgePagingTruncated: {
    id: "limits.edge_paging_truncated_consistent",
    section: "Resources / Response envelope",
    sentence: "truncated: true when output was cut.",
    level: "fail",
    judgedIn: ["src/runner/suites/edge-paging.ts"],
  },
  /**
   * A page that says it was cut (a `cursor`, or `truncated` true) is followed by a page with at least one edge
   * not returned before: a warning, since a server that cannot know whether a full page is the last one may
   * say so and answer the next page empty (docs/contract-rules.md).
   */
  edgePagingCutContinues: {
    id: "limits.edge_paging_cut_continues",
    section: "Resources / Response envelope",
    sentence:
      "truncated: true when output was cut. cursor: continuation marker on entity reads (a page that says it was cut is continued by more edges)",
    level: "warn",
    judgedIn: ["src/runner/suites/edge-paging.ts"],
  },
} as const satisfies Record<string, JudgedVerdict>;

/** The batch bounds under concurrency: suite `batch-limits` and the `batch-limits` load profile. */
export const BATCH = {
  oversizeRefused: {
    id: "batch.oversize_body_refused",
    section: "Endpoints / POST /entities/batch",
    sentence: "Request bodies above the operation limit give 413.",
    level: "fail",
    judgedIn: ["src/runner/suites/batch-limits.ts"],
  },
  no5xx: {
    id: "batch.no_5xx_under_concurrency",
    section: "Endpoints / POST /entities/batch",
    sentence:
      "Errors: 400, 401, 402, 403, 404, 405, 409, 413, 429, 503 — concurrent batches at the bounds get no 5xx",
    level: "fail",
    judgedIn: ["src/runner/suites/batch-limits.ts", "src/load/run-profile.ts"],
  },
} as const satisfies Record<string, JudgedVerdict>;
