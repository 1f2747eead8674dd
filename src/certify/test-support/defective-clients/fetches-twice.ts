/** Defective client `fetches-twice`: fetches the first batch a second time at the end. Everything else is correct. */
import { runDefectiveClient } from "./base-client.js";

await runDefectiveClient({ fetchTwice: true });
