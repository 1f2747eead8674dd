/**
 * Requests that use every optional parameter of an operation alone, then all of them together: the first
 * runs of each `schema` property (fast-check `examples`), so that a run of any size tries each parameter at
 * least once instead of leaving it to chance. Values are the plainest valid ones; the random runs that follow
 * vary them.
 */
import type { PlannedRequest } from "../vocabulary/planned-request.js";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { EXTENSION_NAMES, RESOLVE_NODE_TYPES } from "./bounds.js";
import { entityBatchPlan } from "./entity-batch-request.js";
import { entityGetPlan } from "./entity-get-request.js";
import { basicFixtureIds } from "./entity-id.js";
import type { EntityOptions } from "./entity-options.js";
import type { GenerateOptions } from "./generate-options.js";
import type { GeneratedOperation } from "./generated-operation.js";
import { paddingOrgId } from "./missing-org-id.js";
import { resolvePlan } from "./resolve-request.js";

const AS_OF = "2024-06-30T12:00:00.000Z";

/** Each optional entity-read parameter alone, then all together (`include` both named and `["*"]`). */
function entityOptionSets(): EntityOptions[] {
  const all: EntityOptions = {
    dataset: "basic",
    include: ["*"],
    extend: [...EXTENSION_NAMES],
    as_of: AS_OF,
    cursor: null,
  };
  return [
    { dataset: "basic" },
    { include: ["HAS_ROLE"] },
    { include: ["*"] },
    { extend: [...EXTENSION_NAMES] },
    { as_of: AS_OF },
    { cursor: null },
    { cursor: ["page", 1] },
    all,
    { ...all, include: ["HAS_ROLE"], cursor: ["page", 1] },
  ];
}

/** The parameter examples of one operation, most telling first (a run with few `--runs` keeps the head). */
export function parameterExamples(
  operation: GeneratedOperation,
  fixtures: TargetFixtures,
  opts: GenerateOptions,
): PlannedRequest[] {
  const ids = basicFixtureIds(fixtures);
  const org = fixtures.org_ids[0] ?? ids[0] ?? paddingOrgId(0);
  switch (operation) {
    case "resolve": {
      const query = fixtures.resolve_queries[0] ?? "Acme";
      return [
        resolvePlan({ query }),
        resolvePlan({ query, types: ["org"] }),
        // A type the query (an organisation name) is unlikely to match: shows whether `types` filters.
        resolvePlan({ query, types: ["person"] }),
        resolvePlan({ query, types: null }),
        resolvePlan({ query, limit: 1 }),
        resolvePlan({ query, types: [...RESOLVE_NODE_TYPES], limit: 50 }),
      ];
    }
    case "entity-get": {
      const influencer = fixtures.influencer_ids[0];
      return [
        entityGetPlan(org, {}),
        // The dataset that costs credits, when allowed, right after the plainest read: a short run keeps it.
        ...(opts.allowCredits && influencer ? [entityGetPlan(influencer, { dataset: "influencer" })] : []),
        ...entityOptionSets().map((o) => entityGetPlan(org, o)),
      ];
    }
    case "entity-batch": {
      // Known ids and an unknown one, so that `coverage.missing` is exercised from the first request.
      const batch = [org, ...ids.filter((id) => id !== org).slice(0, 2), paddingOrgId(1)];
      const influencer = fixtures.influencer_ids[0];
      return [
        entityBatchPlan({ ids: batch }),
        ...(opts.allowCredits && influencer
          ? [entityBatchPlan({ ids: [influencer], dataset: "influencer" })]
          : []),
        ...entityOptionSets().map((o) => entityBatchPlan({ ids: batch, ...o })),
      ];
    }
    case "me":
    case "capabilities":
      return [];
  }
}
