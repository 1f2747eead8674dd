/** Defective client `drops-data`: leaves the first delivered id of every batch out of the output. Everything else is correct. */
import { runDefectiveClient } from "./base-client.js";

await runDefectiveClient({ dropData: true });
