/** Correct, another reading: retries a 503 after 1.5 s (doubling), ids reordered and defaults spelled out. */
import { runDefectiveClient } from "./base-client.js";

await runDefectiveClient({}, { backoff503Ms: 1500, respell503Retry: true });
