/**
 * Request generation: valid requests as fast-check arbitraries (built by construction within the contract's
 * bounds) and invalid ones as named mutations (`negativeCases`).
 */
import type fc from "fast-check";
import type { PlannedRequest } from "../vocabulary/planned-request.js";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { capabilitiesRequest } from "./capabilities-request.js";
import { entityBatchRequest } from "./entity-batch-request.js";
import { entityGetRequest } from "./entity-get-request.js";
import type { GenerateOptions } from "./generate-options.js";
import type { GeneratedOperation } from "./generated-operation.js";
import { meRequest } from "./me-request.js";
import { resolveRequest } from "./resolve-request.js";

export { decodeRequest } from "./decode-request.js";
export { distinctIds } from "./distinct-ids.js";
export type { GenerateOptions } from "./generate-options.js";
export { GENERATED_OPERATIONS, type GeneratedOperation } from "./generated-operation.js";
export { type NegativeCase, type NegativeExpectation, negativeCases } from "./negative-cases.js";
export { parameterExamples } from "./parameter-examples.js";
export { SentTally, type SentValueRow, sentValueClasses } from "./sent-value-classes.js";

/** Valid requests of one operation, from the target's fixtures. */
export function validRequests(
  operation: GeneratedOperation,
  fixtures: TargetFixtures,
  opts: GenerateOptions,
): fc.Arbitrary<PlannedRequest> {
  switch (operation) {
    case "resolve":
      return resolveRequest(fixtures);
    case "entity-get":
      return entityGetRequest(fixtures, opts);
    case "entity-batch":
      return entityBatchRequest(fixtures, opts);
    case "me":
      return meRequest();
    case "capabilities":
      return capabilitiesRequest();
  }
}
