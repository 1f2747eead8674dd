/** Correct, another reading: calls /me and /capabilities (in parallel) first, and /me after a 402 or 403. */
import { runDefectiveClient } from "./base-client.js";

await runDefectiveClient({}, { accountCalls: true });
