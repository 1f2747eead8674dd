/**
 * Every named mutation of the request bounds: at-bound cases (expect 200) and past-bound cases (expect 400
 * `invalid_arguments`, or 413 for an oversize body). Each carries the contract sentence that sets its bound.
 */
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { batchNegativeCases } from "./negative-batch.js";
import type { NegativeCase } from "./negative-case.js";
import { characterNegativeCases } from "./negative-characters.js";
import { entityGetNegativeCases } from "./negative-entity-get.js";
import { resolveNegativeCases } from "./negative-resolve.js";

export type { NegativeCase, NegativeExpectation } from "./negative-case.js";

/** All cases for resolve, entity-get and entity-batch, with stable, unique names. */
export function negativeCases(fixtures: TargetFixtures): NegativeCase[] {
  return [
    ...resolveNegativeCases(fixtures),
    ...entityGetNegativeCases(fixtures),
    ...batchNegativeCases(fixtures),
    ...characterNegativeCases(fixtures),
  ];
}
