/**
 * `cbcheck load`: load profiles as a release gate. Parses flags, reads the key from the named environment
 * variable, prints the plan before sending anything, runs the profiles, writes the reports and sets the
 * exit code (0 within every budget and expectation, 1 not, 2 usage/environment).
 */
import { readFileSync } from "node:fs";
import { type Command, Option } from "commander";
import { EXIT, HarnessError } from "../../errors.js";
import { LOAD_DEFAULTS, resolveLoadOptions } from "../../load/load-options.js";
import { builtInProfileNames } from "../../load/load-profile-file.js";
import { mergeLoadReports } from "../../load/merge-reports.js";
import { planLines, runLoad } from "../../load/run-load.js";
import { loadSummaryText } from "../../load/summary-text.js";
import type { Report } from "../../report/model.js";
import { writeReports } from "../../report/write-reports.js";

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

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

interface LoadFlags {
  baseUrl?: string;
  apiKeyEnv: string;
  profile?: string[];
  allowRemoteLoad?: boolean;
  reportDir?: string;
  fixtures?: string;
  duration?: string;
  sampleRate?: string;
  maxCalls: string;
  maxSeconds: string;
  validators: string;
  inProcess?: boolean;
  mutation?: string;
  merge?: string[];
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return pkg.version;
}

function readReport(file: string): Report {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Report;
  } catch (err) {
    throw new HarnessError(
      "CB_FILE_UNREADABLE",
      `cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

/** `--merge`: no load is sent; shards' reports are combined and gated as one run. */
async function merge(flags: LoadFlags, files: string[]): Promise<void> {
  const { report, sections } = mergeLoadReports(files.map(readReport), version());
  const dir = flags.reportDir ?? `reports/load-merged-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  const written = await writeReports(dir, report, sections);
  process.stdout.write(loadSummaryText(report, written));
  process.exitCode = report.verdict === "fail" ? EXIT.violation : EXIT.pass;
}

async function action(flags: LoadFlags): Promise<void> {
  if (flags.merge) return merge(flags, flags.merge);
  const options = resolveLoadOptions({
    ...flags,
    profiles: flags.profile,
    durationSeconds: flags.duration,
    env: process.env,
    embeddedMode: flags.inProcess ? "in-process" : "child",
  });
  process.stderr.write(`${planLines(options).join("\n")}\n`);
  const outcome = await runLoad(options, version(), (line) => process.stderr.write(`${line}\n`));
  const files = await writeReports(options.reportDir, outcome.report, outcome.sections, {
    secrets: outcome.secrets,
  });
  process.stdout.write(loadSummaryText(outcome.report, files));
  if (outcome.report.verdict === "fail") {
    process.exitCode = EXIT.violation;
    return;
  }
  if (outcome.stopped)
    throw new HarnessError("CB_STOPPED", "stopped at --max-seconds before every verdict; see the reports");
  process.exitCode = EXIT.pass;
}

/** Registers `cbcheck load`. */
export function registerLoad(program: Command): void {
  program
    .command("load")
    .summary("run load profiles: latency budgets, rate limit, batch limits under concurrency")
    .description(
      "Drives load profiles against a target (or the embedded reference server) and gates on their budgets.",
    )
    .option(
      "--base-url <url>",
      "target API root including /v1 (default: start the embedded reference server)",
    )
    .option("--api-key-env <name>", "environment variable holding the API key", LOAD_DEFAULTS.apiKeyEnv)
    .option(
      "--profile <name|file>",
      `profile to run; repeatable (built in: ${builtInProfileNames().join(", ")})`,
      collect,
    )
    .option("--allow-remote-load", "allow a target that is not on this machine (you must own it)")
    .option(
      "--report-dir <dir>",
      "where junit.xml, report.json, report.md, report.html go (default reports/load-<timestamp>)",
    )
    .option(
      "--fixtures <file>",
      "JSON file of known ids (schemas/fixtures.schema.json) for a --base-url target",
    )
    .option("--duration <seconds>", "override every profile's duration")
    .option(
      "--sample-rate <share>",
      "check bodies of this share of responses, 0 < share ≤ 1 (default 1: all)",
    )
    .option("--max-calls <n>", "hard cap on calls over the whole run", String(LOAD_DEFAULTS.maxCalls))
    .option("--max-seconds <s>", "hard cap on the whole run's time", String(LOAD_DEFAULTS.maxSeconds))
    .option("--validators <n>", "worker threads checking bodies", String(LOAD_DEFAULTS.validators))
    .option(
      "--merge <report.json...>",
      "send nothing: merge reports of shards run side by side, gate them as one",
    )
    .addOption(
      new Option("--in-process", "run the embedded server in this process (default: a child process)"),
    )
    .addOption(new Option("--mutation <id>", "test only: seed a bug into the embedded server").hideHelp())
    .addHelpText("after", HELP)
    .action(action);
}
