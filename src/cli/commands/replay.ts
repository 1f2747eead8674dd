/**
 * `cbcheck replay REPORT [--check ID | --index N]`: re-sends one failing counterexample of a report and
 * judges the response again. Exit 0 when it passes now, 1 when it fails again, 2 when it cannot be replayed.
 */
import type { Command } from "commander";
import { addFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { REPLAY_FLAGS } from "./replay-flags.js";

const HELP = `
REPORT is a report.json written by cbcheck run (or the directory that holds it). Without --check or --index the
first failing counterexample is replayed. A response check is run again on the new response; a suite verdict (a
bound case, an auth case) is compared with the status it expected. A check that does not apply to the new
response (no JSON body, another status) cannot pass on it: every check judges it then. A 429 is a limit, not
an answer: it is waited out once (Retry-After, within --deadline-s) and the request sent again, unless the
counterexample was a 429 itself; a second 429 is no verdict (exit 2).

Where it is sent and with which key is your choice, never the report's (a report is an artefact anyone who can
upload one can edit):
  - to --base-url (the recorded path and query kept; --alt-base-url for a request recorded against the
    alternate base URL); without it, to the report's base URL only when it equals your configured target
    (CBCHECK_BASE_URL or the config file) or, with none configured, when it is on this machine (loopback);
    anything else exits 2 and sends nothing;
  - with the key in --api-key-env (default CB_API_KEY), when the recorded request carried a key; a variable
    the report names (Bearer $NAME) is never read.
Before sending, one line says what goes where: "sending GET http://…/v1/resolve?… with the key in $CB_API_KEY".
Output is redacted (the key in any encoding) and control characters a target sent are shown escaped.

Examples:
  cbcheck replay reports/run/latest
  cbcheck replay reports/run/latest/report.json --check resolve.cursor_null
  cbcheck replay report.json --index 3 --base-url https://staging.example.com/v1 --api-key-env STAGING_KEY

It sends through the same guards as cbcheck run: a check that does not apply to the new response (no JSON
body, another status) cannot pass on it, so every check judges that response; a 429 is a limit, not an answer:
it is waited out once (Retry-After, within --deadline-s) and the request sent again, unless the counterexample
was a 429 itself; a second 429 is no verdict (exit 2).

Exit codes:
  0    the replayed request passes now
  1    it fails again
  2    bad usage, unreadable report, a target you did not give or confirm, missing key, no response, or no
       verdict within --deadline-s (or after a second 429)
  130  interrupted by SIGINT (Ctrl-C); 143 by SIGTERM: the request is abandoned, no verdict
`;

/** Registers `cbcheck replay`. */
export function registerReplay(program: Command, cli: Invocation): void {
  const command = program
    .command("replay")
    .argument("<report>", "report.json of cbcheck run, or its directory")
    .summary("re-send one failing counterexample of a report and judge it again")
    .description(
      "Re-sends one failing counterexample of a cbcheck run report and judges the response again.",
    );
  addFlags(command, REPLAY_FLAGS)
    .addHelpText("after", HELP)
    .action(async (path: string) => (await import("./replay-action.js")).replayAction(cli, path, command));
}
