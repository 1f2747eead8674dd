/** Valid POST /entities/batch requests: a JSON body with only contract properties (Endpoints / POST /entities/batch). */
import fc from "fast-check";
import type { PlannedRequest } from "../vocabulary/planned-request.js";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { batchIds } from "./batch-ids.js";
import { basicFixtureIds } from "./entity-id.js";
import { basicEntityOptions, type EntityOptions } from "./entity-options.js";
import type { GenerateOptions } from "./generate-options.js";

/** The decoded batch body: `ids` plus the optional entity-read parameters. */
export type BatchBody = EntityOptions & { ids: string[] };

/** The planned request for one body. */
export function entityBatchPlan(body: BatchBody): PlannedRequest {
  return { operation: "entity-batch", method: "POST", path: "/entities/batch", body: { json: body } };
}

/** Basic batches of fixture and missing ids; influencer batches only when credits may be spent (Limits 3). */
export function entityBatchRequest(
  fixtures: TargetFixtures,
  opts: GenerateOptions,
): fc.Arbitrary<PlannedRequest> {
  const basic = fc
    .tuple(batchIds(basicFixtureIds(fixtures)), basicEntityOptions())
    .map(([ids, options]) => entityBatchPlan({ ids, ...options }));
  if (!opts.allowCredits || fixtures.influencer_ids.length === 0) return basic;
  const influencer = batchIds(fixtures.influencer_ids, false).map((ids) =>
    entityBatchPlan({ ids, dataset: "influencer" }),
  );
  return fc.oneof({ arbitrary: basic, weight: 4 }, { arbitrary: influencer, weight: 1 });
}
