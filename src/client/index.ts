/** Public entry of the reference client: `CbClient`, its errors, types and pacing. */
export { batchSizeFor, MAX_IDS_PER_CALL, MAX_IDS_WITH_ALL_EXTENSIONS, splitIds } from "./batches.js";
export { type BatchChunk, CbClient, type CbClientOptions } from "./cb-client.js";
export { CbApiError, CbTransportError, FATAL_STATUSES } from "./errors.js";
export { parseRetryAfterSeconds, SequentialPacer } from "./pacing.js";
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-policy.js";
export * from "./types.js";
