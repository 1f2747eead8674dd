/** Defective client `oversize-batch`: sends 100 ids per call with all four extensions. Everything else is correct. */
import { runDefectiveClient } from "./base-client.js";

await runDefectiveClient({ batchSize: 100 });
