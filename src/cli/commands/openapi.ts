/**
 * `cbcheck openapi [--output FILE]`: writes the OpenAPI 3.1 document of contract cb/v1, generated from
 * schemas/, to stdout or a file (for Schemathesis, Prism, k6 and other OpenAPI tools).
 */
import type { Command } from "commander";
import { addFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { OPENAPI_FLAGS } from "./openapi-flags.js";

const HELP = `
The document declares every operation of the contract, its parameters and bounds (JSON-encoded query
parameters as application/json parameters), request bodies, the 200 body and every error status with the
error body, Retry-After on 429, WWW-Authenticate on 401, the bearer scheme and the servers {base_url} and
{alt_base_url}. Where the contract says "not shown", no shape is declared. See docs/openapi.md.

Examples:
  cbcheck openapi > cb-v1.openapi.json
  cbcheck openapi --output cb-v1.openapi.json --base-url https://api.example.com/v1
  schemathesis run cb-v1.openapi.json --url http://127.0.0.1:8080/v1 -H "Authorization: Bearer $CB_API_KEY"

Exit codes:
  0  the document was written
  2  bad usage, or the output file cannot be written
`;

/** Registers `cbcheck openapi`. */
export function registerOpenApi(program: Command, cli: Invocation): void {
  const command = program
    .command("openapi")
    .description("write the OpenAPI 3.1 document of contract cb/v1, generated from schemas/");
  addFlags(command, OPENAPI_FLAGS)
    .addHelpText("after", HELP)
    .action(async () => (await import("./openapi-action.js")).openApiAction(cli, command));
}
