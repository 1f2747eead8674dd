/**
 * `cbcheck serve`: runs the reference server until SIGINT/SIGTERM, printing its base URLs and test keys
 * (local, per-start keys of a test server: printing them is the point of this command).
 */
import type { Command } from "commander";
import { addFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { KEY_ENV_NAMES } from "../serve-handoff.js";
import { SERVE_FLAGS } from "./serve-flags.js";

const HELP = `
For scripts: --json prints one line once listening, {"baseUrl", "altBaseUrl", "keys", "fixtures", "pid"}
(nothing else goes to stdout); --keys-file writes the keys as shell-sourceable lines (mode 0600):
  ${Object.values(KEY_ENV_NAMES).join(", ")}
--fixtures-out writes the server's ids as a fixtures file for \`cbcheck run --fixtures\` (with --json and
no --fixtures-out, a temporary file that is removed on exit). These keys are the reference server's own
throwaway test keys, not secrets of any account: printing and writing them is intended. They are fresh on
every start, or derived from --seed when it is given (same seed, same keys).
See examples/serve-and-run.sh.

Examples:
  cbcheck serve --port 8080
  cbcheck serve --seed 7 --json --keys-file keys.env --fixtures-out fixtures.json

Exit codes:
  130  stopped by Ctrl-C (SIGINT); 143 stopped by SIGTERM (the server closes and temporary files are removed)
  2  bad flags, a port in use, or an output file that cannot be written
`;

/** Registers `cbcheck serve`. */
export function registerServe(program: Command, cli: Invocation): void {
  const command = program
    .command("serve")
    .description("run the reference server of cb/v1 (synthetic data) until interrupted");
  addFlags(command, SERVE_FLAGS)
    .addHelpText("after", HELP)
    .action(async () => (await import("./serve-action.js")).serveAction(cli, command));
}
