/** All named mutations of POST /entities/batch: the count and length bounds, then the body shape and size. */
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { batchBodyCases } from "./negative-batch-body.js";
import { batchBoundCases } from "./negative-batch-bounds.js";
import type { NegativeCase } from "./negative-case.js";

export { distinctIds } from "./distinct-ids.js";

/** Every batch case, bounds first. */
export function batchNegativeCases(fixtures: TargetFixtures): NegativeCase[] {
  return [...batchBoundCases(fixtures), ...batchBodyCases(fixtures)];
}
