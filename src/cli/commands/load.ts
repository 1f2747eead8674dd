/**
 * `cbcheck load`: load profiles as a release gate. Parses flags (typed from `LoadOptions`), resolves them with
 * the environment, prints the plan before sending anything, runs the profiles, then writes the reports and
 * sets the exit code (0 within every budget and expectation, 1 not, 2 usage/environment).
 */
import type { Command } from "commander";
import { resolveLoadOptions } from "../../load/load-options.js";
import { finishCommand } from "../finish-command.js";
import { addFlags, readFlags } from "../flag-table.js";
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

Exit codes:
  0  every budget and expectation held
  1  at least one did not (the summary names each broken expectation; see the reports)
  2  usage or environment error (bad flag or profile, remote target without --allow-remote-load, no key)
`;

async function action(command: Command): Promise<void> {
  // Loaded on use: autocannon and the histograms would add to the start-up of every other command.
  const [{ mergedReportDir, mergeLoad }, { planLines, runLoad }, { loadSummaryText }] = await Promise.all([
    import("../../load/merge-load.js"),
    import("../../load/run-load.js"),
    import("../../load/summary-text.js"),
  ]);
  const { merge, ...flags } = readFlags(command, LOAD_FLAGS);
  // --merge: no load is sent; shards' reports are combined and gated as one run.
  if (merge) return finishCommand(mergeLoad(merge), flags.reportDir ?? mergedReportDir(), loadSummaryText);
  const options = resolveLoadOptions({ ...flags, env: process.env });
  process.stderr.write(`${planLines(options).join("\n")}\n`);
  const result = await runLoad(options, { onProgress: (line) => process.stderr.write(`${line}\n`) });
  await finishCommand(result, options.reportDir, loadSummaryText);
}

/** Registers `cbcheck load`. */
export function registerLoad(program: Command): void {
  const command = program
    .command("load")
    .summary("run load profiles: latency budgets, rate limit, batch limits under concurrency")
    .description(
      "Drives load profiles against a target (or the embedded reference server) and gates on their budgets.",
    );
  addFlags(command, LOAD_FLAGS)
    .addHelpText("after", HELP)
    .action(() => action(command));
}
