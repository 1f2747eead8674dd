/** Every client rule, in report order. An explicit list: no registration by import side effect. */
import type { ClientRule } from "../rule.js";
import { batch50WithAllExtensions } from "./batch-50-with-all-extensions.js";
import { batchIds1To100 } from "./batch-ids-1-to-100.js";
import { bearerAuth } from "./bearer-auth.js";
import { bodyContractProperties } from "./body-contract-properties.js";
import { faultsConsumed } from "./faults-consumed.js";
import { fetchOnce } from "./fetch-once.js";
import { jobDoneInTime } from "./job-done-in-time.js";
import { keyNotLogged } from "./key-not-logged.js";
import { noResend400 } from "./no-resend-400.js";
import { outputDelivered } from "./output-delivered.js";
import { outputMissingReported } from "./output-missing-reported.js";
import { retry503SameRequest } from "./retry-503-same-request.js";
import { sequentialCalls } from "./sequential-calls.js";
import { stopOnFatal } from "./stop-on-fatal.js";
import { waitRetryAfter } from "./wait-retry-after.js";

/** All rules graded by `cbcheck certify-client`. */
export const CLIENT_RULES: readonly ClientRule[] = [
  faultsConsumed,
  bearerAuth,
  batchIds1To100,
  batch50WithAllExtensions,
  sequentialCalls,
  waitRetryAfter,
  stopOnFatal,
  noResend400,
  retry503SameRequest,
  bodyContractProperties,
  outputDelivered,
  outputMissingReported,
  fetchOnce,
  keyNotLogged,
  jobDoneInTime,
];
