/** Control client: the defective-client base with no defect switched on; it must be certified. */
import { runDefectiveClient } from "./base-client.js";

await runDefectiveClient({});
