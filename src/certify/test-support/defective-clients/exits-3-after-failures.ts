/** Correct, another reading: after writing ids as failed (a 400) it finishes the job and exits 3, "done with errors". */
import { runDefectiveClient } from "./base-client.js";

await runDefectiveClient({}, { exitCodeAfterFailures: 3 });
