/** Valid GET /entities/{id} requests (Endpoints / GET /entities/{id}). */
import fc from "fast-check";
import type { PlannedRequest } from "../vocabulary/planned-request.js";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { entityId } from "./entity-id.js";
import { basicEntityOptions, type EntityOptions, encodeEntityQuery } from "./entity-options.js";
import type { GenerateOptions } from "./generate-options.js";

/** The planned request for one id and its decoded options; the id is percent-encoded into the path. */
export function entityGetPlan(id: string, options: EntityOptions): PlannedRequest {
  const query = encodeEntityQuery(options);
  const plan: PlannedRequest = {
    operation: "entity-get",
    method: "GET",
    path: `/entities/${encodeURIComponent(id)}`,
  };
  if (Object.keys(query).length > 0) plan.query = query;
  return plan;
}

/**
 * Basic-dataset reads of fixture and missing ids; influencer reads of influencer ids only when credits may be
 * spent ("The influencer dataset ... costs 1 beta credit per delivered record", Limits 3).
 */
export function entityGetRequest(
  fixtures: TargetFixtures,
  opts: GenerateOptions,
): fc.Arbitrary<PlannedRequest> {
  const basic = fc.tuple(entityId(fixtures), basicEntityOptions()).map(([id, o]) => entityGetPlan(id, o));
  if (!opts.allowCredits || fixtures.influencer_ids.length === 0) return basic;
  const influencer = fc
    .constantFrom(...fixtures.influencer_ids)
    .map((id) => entityGetPlan(id, { dataset: "influencer" }));
  return fc.oneof({ arbitrary: basic, weight: 4 }, { arbitrary: influencer, weight: 1 });
}
