/** The `--header` flag shared by the commands that send requests to a target (`run`, `compare`). */
import { type HeaderInput, parseHeader, parseHeaders } from "../../extra-headers.js";
import type { Flag } from "../flag-table.js";

/** `--header <name:value>`, repeatable: a header every request carries; credential-like ones are secrets. */
export const HEADER_FLAG: Flag<readonly HeaderInput[]> = {
  flags: "--header <name:value>",
  description:
    "a header every request carries, e.g. a gateway's X-Tenant (repeatable); a credential-like name (…key, …token, …auth…, cookie) is redacted everywhere",
  parse: (text, previous) => parseHeader(text, parseHeaders(previous)),
};
