/** Defective client `ignores-retry-after`: retries a 429 at once, ignoring Retry-After. Everything else is correct. */
import { runDefectiveClient } from "./base-client.js";

await runDefectiveClient({ ignoreRetryAfter: true });
