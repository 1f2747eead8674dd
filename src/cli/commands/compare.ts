/**
 * `cbcheck compare --base-url URL --candidate-url URL`: did the release change the API? The same requests go
 * to both; each difference is breaking, additive or data. Exit 1 on any breaking difference.
 */
import type { Command } from "commander";
import { addFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { COMPARE_FLAGS } from "./compare-flags.js";

const HELP = `
The same generated requests — every optional parameter alone and together, random valid requests of every
operation, every bound case of the negative suite — go to the base and then to the candidate, one after the
other (a 429 is waited out once). Each pair of responses is compared structurally (lists of objects with an id
are matched by id) and each difference classified:
  breaking  status or error code changed, a field removed or its type changed, fewer ids delivered
            (coverage.missing grew), a check that passed on the base fails on the candidate
  additive  a field or list items added while every check still passes on the candidate
  data      values that differ between snapshots (request_id, as_of, balances, the data itself)
Pointers given with --ignore (default /request_id /as_of /cost/balance /cost/credits_charged) are not compared.

Hostile releases: bodies are capped and bounded as in cbcheck run; a release that stops answering
(--give-up-after-failures calls in a row without a response) or only answers 429 (--give-up-after-429s) ends
the comparison, and so does --deadline-s; the pairs compared so far are reported. SIGINT/SIGTERM stop it
within a second or two, reports written and marked interrupted (a second signal quits at once).

Examples:
  CB_API_KEY=... cbcheck compare --base-url https://prod.example.com/v1 --candidate-url https://rc.example.com/v1
  cbcheck compare --base-url $PROD --candidate-url $RC --fixtures fixtures.json --seed 7 --runs 30
  cbcheck compare --base-url $PROD --candidate-url $RC --candidate-api-key-env RC_KEY --ignore /data/*/score

Exit codes:
  0    no breaking difference (additive and data differences are listed)
  1    at least one breaking difference (see the reports: grouped by kind and operation, with example pairs);
       also a candidate that stopped answering: its unanswered requests are breaking
  2    usage error, no key, unreachable release, a comparison larger than --max-calls, or incomplete: stopped
       (--deadline-s, a release giving only 429s, a dead base) before any breaking difference was found
  130  interrupted by SIGINT (Ctrl-C); 143 by SIGTERM: sending stops, reports marked interrupted
`;

/** Registers `cbcheck compare`. */
export function registerCompare(program: Command, cli: Invocation): void {
  const command = program
    .command("compare")
    .summary("compare a candidate release with the base one: breaking, additive and data differences")
    .description(
      "Sends the same requests to two releases and classifies every difference against the contract.",
    );
  addFlags(command, COMPARE_FLAGS)
    .addHelpText("after", HELP)
    .action(async () => (await import("./compare-action.js")).compareAction(cli, command));
}
