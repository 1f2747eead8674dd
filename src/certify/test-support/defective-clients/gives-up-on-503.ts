/** Defective client `gives-up-on-503`: writes a 503'd batch as failed instead of retrying it. Everything else is correct. */
import { runDefectiveClient } from "./base-client.js";

await runDefectiveClient({ giveUpOn503: true });
