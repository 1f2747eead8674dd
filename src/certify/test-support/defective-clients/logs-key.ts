/** Defective client `logs-key`: prints the API key to stderr. Everything else is correct. */
import { runDefectiveClient } from "./base-client.js";

await runDefectiveClient({ logKey: true });
