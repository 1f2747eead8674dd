/** Defective client `parallel-calls`: sends its batch calls all at once, in parallel. Everything else is correct. */
import { runDefectiveClient } from "./base-client.js";

await runDefectiveClient({ parallel: true });
