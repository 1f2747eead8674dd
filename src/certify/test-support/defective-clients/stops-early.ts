/** Not a defect: stops after its first call, so a fault planned for a later call is never reached. */
import { runDefectiveClient } from "./base-client.js";

await runDefectiveClient({ stopAfterCalls: 1 });
