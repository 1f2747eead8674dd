/** Defective client `resends-400`: sends a request that got 400 once more, unchanged. Everything else is correct. */
import { runDefectiveClient } from "./base-client.js";

await runDefectiveClient({ resend400: true });
