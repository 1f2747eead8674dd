/**
 * `cbcheck validate [FILE] [--as <kind>]`: validates one JSON document (a file, or stdin) against a contract
 * schema and, for response bodies, the semantic checks that can run from a file. Exit 0 valid (warnings
 * allowed), 1 violations, 2 bad usage or unreadable input.
 */
import type { Command } from "commander";
import { addFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { VALIDATE_FLAGS } from "./validate-flags.js";

const HELP = `
Kinds (--as): every schema name in schemas/ plus aliases resolve, entities, influencer, candidate, org, batch-body.
Without --as the kind is inferred from --operation/--request/--status, else from the document's shape (resolve,
entity read, influencer read, error, /me). --as envelope does not type data: it is refused (exit 2) for a
response whose data resolve or an entity read types, naming that kind; use it for search, traversals, usage.

Response kinds (resolve, entities, influencer, error, me, envelope) also run the semantic checks. Checks that
need the request run only with --request '{"method":"POST","path":"/entities/batch","body":{...}}' (or @file)
or --path '/entities/cb%3Aorg%3A910000000?include=["*"]'; --status sets the status of an error body.

Output: one line per violation, "<pointer>  <message>  [<schema location or check id>]"; --json for JSON.

Examples:
  cbcheck validate response.json                      # kind inferred from the document
  curl -s "$URL/resolve?query=Equinor" -H "Authorization: Bearer $CB_API_KEY" | cbcheck validate - --as resolve
  cbcheck validate body.json --as entities --request @request.json
  cbcheck validate error.json --as error --status 429 --json

Exit codes:
  0  valid (warnings may be printed)
  1  at least one violation
  2  bad usage (including a kind that cannot be inferred or a too generic --as envelope), unreadable file,
     empty input, input that is not JSON, input over 16 MiB, or judging that did not finish within
     --deadline-s (default 600; documents over 1 MiB are judged on a worker that the deadline ends)
`;

/** Registers `cbcheck validate`. */
export function registerValidate(program: Command, cli: Invocation): void {
  const command = program
    .command("validate")
    .description("validate a JSON document (file or stdin) against a contract schema and the semantic checks")
    .argument("[file]", "JSON file to validate; - or nothing reads stdin");
  addFlags(command, VALIDATE_FLAGS)
    .addHelpText("after", HELP)
    .action(async (file: string | undefined) =>
      (await import("./validate-action.js")).validateAction(cli, file, command),
    );
}
