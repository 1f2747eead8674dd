/** Defective client `extra-body-property`: adds a client_version property to every batch body. Everything else is correct. */
import { runDefectiveClient } from "./base-client.js";

await runDefectiveClient({ extraBodyProperty: true });
