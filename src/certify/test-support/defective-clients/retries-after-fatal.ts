/** Defective client `retries-after-fatal`: retries once after 401/402/403 before stopping. Everything else is correct. */
import { runDefectiveClient } from "./base-client.js";

await runDefectiveClient({ retryAfterFatal: true });
