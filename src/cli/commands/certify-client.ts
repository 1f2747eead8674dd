/**
 * `cbcheck certify-client [--scenario NAME]... [--level required|all] [--report-dir DIR] [--timeout-s N] -- COMMAND [ARG...]`
 */
import type { Command } from "commander";
import { SCENARIO_DESCRIPTIONS } from "../../certify/scenario-descriptions.js";
import { addFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { CERTIFY_FLAGS } from "./certify-client-flags.js";

const HELP_AFTER = `
How it works:
  For each scenario cbcheck starts a certification server on 127.0.0.1 and runs COMMAND with:
    CB_BASE_URL     base URL including /v1
    CB_API_KEY      the key to send as "Authorization: Bearer <key>" (never print it)
    CB_IDS_FILE     a text file, one node id per line: fetch them all with POST /entities/batch
    CB_EXTEND       JSON array of extensions to request (may be [])
    CB_OUTPUT_FILE  write one JSON line per id:
                      {"id": ID, "node": NODE, "extensions": {NAME: VALUE}}   delivered
                      {"id": ID, "missing": true}                             listed in coverage.missing
                      {"id": ID, "failed": true, "status": N, "code": C}      given up (e.g. after 400)
  The client exits 0 when the job is done, non-zero when a fatal error (401/402/403) stopped it; after
  writing ids as failed ("done with errors") either is fine. Calling /me or /capabilities first is fine.
  The server's trace and the output are graded against the contract's client rules.

Scenarios:
${Object.entries(SCENARIO_DESCRIPTIONS)
  .map(([name, description]) => `  ${name.padEnd(18)} ${description}`)
  .join("\n")}

Reports: without --report-dir, a new reports/certify-client/<timestamp>/ per run, copied to
reports/certify-client/latest/; --report-dir DIR writes (and overwrites) DIR. Written on every exit once
the flags parsed, a setup error included (junit.xml then holds one <error>).

Progress: on a terminal, a bar on stderr names the scenario in progress (--quiet: none).

Exit codes: 0 certified, 1 not certified (a rule failed or a scenario was inconclusive), 2 usage or setup
error (also: the client ended before its first call; its stderr's first lines are shown), 130/143 interrupted by SIGINT/SIGTERM (the client's process tree is ended, the scenarios graded so
far are in the reports marked interrupted).

Examples:
  cbcheck certify-client --report-dir reports/my-client -- node my-client.js
  cbcheck certify-client --scenario happy --scenario rate-limited --level required -- python3 client.py
`;

/** Registers `cbcheck certify-client`. */
export function registerCertifyClient(program: Command, cli: Invocation): void {
  const command = program
    .command("certify-client")
    .description("certify that an API client (any language) behaves as the cb/v1 contract asks of clients")
    .usage("[options] -- COMMAND [ARG...]")
    .argument("[command...]", "the client command to certify, after --");
  addFlags(command, CERTIFY_FLAGS)
    .addHelpText("after", HELP_AFTER)
    .action(async (clientCommand: string[]) =>
      (await import("./certify-client-action.js")).certifyClientAction(cli, clientCommand, command),
    );
}
