/** Defective client `over-100-ids`: sends 101 ids per call. Everything else is correct. */
import { runDefectiveClient } from "./base-client.js";

await runDefectiveClient({ batchSize: 101 });
