/**
 * `cbcheck load`: load profiles as a release gate. Parses flags (typed from `LoadOptions`), resolves them with
 * the environment, prints the plan before sending anything, runs the profiles, then writes the reports and
 * sets the exit code (0 within every budget and expectation, 1 not, 2 usage/environment).
 */
import type { Command } from "commander";
import { addFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { LOAD_FLAGS } from "./load-flags.js";

const HELP = `
Profiles are JSON files (schema: schemas/load-profile.schema.json). Built in, run in this order by default:
  latency       budgets per operation at a fixed rate: resolve, single read, 50-id batches with all four
                extensions (p50/p95/p99/max, error rate, minimum throughput)
  rate-limit    a burst past the limit: every 429 is volume_limit with a whole-seconds Retry-After, no window
                holds more 2xx than the limit, and waiting Retry-After brings 2xx back
  batch-limits  concurrent 100-id batches accepted, 101 ids refused with 400, oversize bodies with 413, no 5xx
Give --profile a name or a path to your own file; repeat it to run several.

Every response is checked: its status against the profile, its error code, Retry-After on 429, and its body
against the schemas and the check catalogue (all bodies; --sample-rate to check a share). Latency is
recorded per operation in microseconds (HdrHistogram). At a fixed rate it is measured from the intended
send time (coordinated omission corrected), with the uncorrected figure beside it.

Safety: only loopback targets unless --allow-remote-load; the plan (calls and duration) is printed before
anything is sent; --max-calls and --max-seconds are hard caps and the run always stops by itself.
Without --base-url, cbcheck starts its embedded reference server (raised limits for latency and
batch-limits, a 20 calls per 2 s window for rate-limit) and uses its Plus key.

Examples:
  cbcheck load                                             # all built-in profiles, embedded server
  cbcheck load --profile latency --duration 30
  CB_API_KEY=... cbcheck load --base-url https://staging.example.com/v1 --allow-remote-load \\
      --fixtures fixtures/targets/staging.json --profile rate-limit
  cbcheck load --profile ./my-profile.json --report-dir reports/load
  cbcheck load --merge a/report.json b/report.json          # shards of one run, gated as one

Across machines (docs/load.md; examples/kubernetes, examples/github-actions/cb-v1-load.yml): N processes,
each given the same flags and its own --segment, send together what one would; --start-at makes them begin
together, and --merge refuses their reports unless they are the N distinct segments of one run:
  cbcheck load --base-url URL --allow-remote-load --segment 2/4 --seed 7 --start-at 2026-05-04T12:00:00Z
  cbcheck load --merge seg-*/report.json --report-dir reports/merged

Reports: without --report-dir, a new reports/load/<timestamp>/ per run, copied to reports/load/latest/;
written on every exit once the flags parsed, with a verdict that matches the exit code.

Progress: on a terminal, a bar per profile on stderr (elapsed and remaining seconds, live req/s); none in CI
logs or when redirected, and none with --quiet.

Exit codes:
  0    every budget and expectation held
  1    at least one did not (the summary names each broken expectation; see the reports)
  2    usage or environment error (bad flag or profile, remote target without --allow-remote-load, no key),
       or --max-seconds cut the run short, or a verdict could not be reached (verdict incomplete: e.g. a
       starved machine kept fewer requests in flight than a concurrency verdict needs; --allow-inconclusive
       accepts that)
  130  interrupted by SIGINT (Ctrl-C); 143 by SIGTERM: sending stops, reports marked interrupted
`;

/** Registers `cbcheck load`. */
export function registerLoad(program: Command, cli: Invocation): void {
  const command = program
    .command("load")
    .summary("run load profiles: latency budgets, rate limit, batch limits under concurrency")
    .description(
      "Drives load profiles against a target (or the embedded reference server) and gates on their budgets.",
    );
  addFlags(command, LOAD_FLAGS)
    .addHelpText("after", HELP)
    .action(async () => (await import("./load-action.js")).loadAction(cli, command));
}
