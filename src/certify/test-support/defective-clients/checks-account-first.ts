/** Correct, another reading: calls /me first, /capabilities alongside the first batch call, and /me after a 402 or 403. */
import { runDefectiveClient } from "./base-client.js";

await runDefectiveClient({}, { accountCalls: true });
