/**
 * Request generation, compiled from the request schemas: the coverage phase (`inputCases`: deterministic
 * requests of three classes, each tagged with why it was made) and the random phase (`validRequests`: valid
 * requests by construction).
 */
export { distinctIds } from "./distinct-ids.js";
export { partsOf } from "./encode-request.js";
export { type GenerateOptions, generationKey } from "./generate-options.js";
export { GENERATED_OPERATIONS, type GeneratedOperation } from "./generated-operation.js";
export { type CaseKind, type InputCase, inputCases, PAIRWISE_VALUES } from "./input-cases.js";
export { InputSpaceTally, type SentValueRow, type TalliedExchange } from "./input-space.js";
export { validRequests } from "./valid-requests.js";
