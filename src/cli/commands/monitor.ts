/**
 * `cbcheck monitor --base-url URL`: watches a server's conformance over time, within a budget, announcing only
 * state changes (one JSON line each on stdout), with metrics for Prometheus (`--metrics-port`).
 */
import type { Command } from "commander";
import { addFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { MONITOR_FLAGS } from "./monitor-flags.js";

const HELP = `
The monitor runs the selected suites against the server again and again, one cycle at a time: a cycle is cut
into slices (shards of the suites' cases) spread over --cycle, so that every rule is exercised once per cycle,
and each cycle draws new generated requests. It stays within its budgets: at most --max-calls-per-hour calls in
any hour (paced evenly), --max-credits-per-day credits (default none), nothing while a Retry-After runs, and
nothing once /me shows the key's daily calls or records past --quota-stop-at, until the day resets.

What it costs: with the defaults a cycle plans about 170 calls (210 with --alt-base-url), so 4,000-5,000 calls
a day at --cycle 1h — up to half of a Plus key's 10,000 daily calls. On a key shared with production traffic,
use --cycle 6h (about 800 calls a day), --runs 1, or a lower --max-calls-per-hour (20 caps the day at 480).

What it prints: on stdout, one JSON line per state change (schemas/monitor-event.schema.json) —
  rule_failing    a rule failed on --confirm exchanges in a row (with its counterexample and a replay line)
  rule_recovered  a failing rule passed on --confirm exchanges in a row
  monitor_stopped the server refused the key (401/402/403): the monitor stops, as the contract says to
A rule that keeps failing is not announced again. On stderr, one line per cycle and per hold.

The state file (--state) keeps what each rule last saw, the budget spent and the last events; a monitor
started again goes on with the slice where it stopped, without spending the budget again.

Examples:
  CB_API_KEY=… cbcheck monitor --base-url https://api.example.com/v1 \\
      --alt-base-url https://www.example.com/api/v1 --metrics-port 9464 --webhook https://hooks.slack.com/…
  CB_API_KEY=… cbcheck monitor --base-url https://api.example.com/v1 --cycle 6h --state /var/lib/cbcheck/s.json \
      | jq -c 'select(.event == "rule_failing")'      (a key shared with production; failures only)
  CB_API_KEY=… cbcheck monitor --base-url https://api.example.com/v1 --once   (a CronJob: one cycle)

Exit codes:
  --once    0 no rule failing after the cycle, 1 a rule failing, 2 a slice stopped early (budget, deadline,
            target down), the key was refused, or a usage error
  otherwise 130 (SIGINT) or 143 (SIGTERM) with the state written; 2 when the key was refused or on a usage error
See docs/monitor.md (running it as a service, its cost against the key's limits, its events and metrics).
`;

/** Registers `cbcheck monitor`. */
export function registerMonitor(program: Command, cli: Invocation): void {
  const command = program
    .command("monitor")
    .summary("watch a server's conformance over time, within a budget, announcing only state changes")
    .description(
      "Runs the suites in slices spread over each --cycle, within --max-calls-per-hour; prints one JSON line per rule that starts failing or recovers.",
    );
  addFlags(command, MONITOR_FLAGS)
    .addHelpText("after", HELP)
    .action(async () => (await import("./monitor-action.js")).monitorAction(cli, command));
}
