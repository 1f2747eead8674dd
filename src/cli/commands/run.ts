/**
 * `cbcheck run`: the conformance run and CI gate. Parses flags, reads the keys from the named environment
 * variables, runs the suites, writes the reports and sets the exit code (0 pass, 1 violation, 2 usage).
 */
import type { Command } from "commander";
import { EXIT, HarnessError } from "../../errors.js";
import { createProgress } from "../../report/progress.js";
import { writeReports } from "../../report/write-reports.js";
import { RUN_DEFAULTS, resolveRunOptions, SUITE_ORDER } from "../../runner/options.js";
import { runConformance } from "../../runner/run-conformance.js";
import { summaryText } from "../../runner/summary-text.js";

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

const HELP = `
Without --base-url, cbcheck starts its embedded reference server on 127.0.0.1 (with a short rate window,
${RUN_DEFAULTS.embeddedRateLimit} calls per ${RUN_DEFAULTS.embeddedRateWindowMs / 1000} s, and expects exactly that limit) and tests it: keys and ids come from it.

Suites (default: all, in this order): ${SUITE_ORDER.join(", ")}.

Keys are read only from the environment variables named by --api-key-env and --free-api-key-env; they are never
printed or written to a report (curl lines show <redacted>). Without a free key, the free-plan checks are skipped.

Examples:
  cbcheck run                                        # test the embedded reference server
  CB_API_KEY=... cbcheck run --base-url https://api.example.com/v1 --fixtures fixtures/targets/example.json
  cbcheck run --base-url http://127.0.0.1:8080/v1 --suite schema --suite negative --seed 42 --runs 200
  cbcheck run --base-url $URL --shard 2/4 --report-dir reports/shard-2

Exit codes:
  0  every check passed
  1  at least one contract violation (see the reports and the curl lines)
  2  usage or configuration error, the target cannot be reached at all, or the run stopped early
     (--max-calls, --deadline-s) before finding any violation
`;

interface RunFlags {
  baseUrl?: string;
  altBaseUrl?: string;
  apiKeyEnv: string;
  freeApiKeyEnv: string;
  fixtures?: string;
  suite?: string[];
  seed?: string;
  runs: string;
  maxCalls: string;
  expectRateLimit?: string;
  allowLoad?: boolean;
  allowCredits?: boolean;
  reportDir?: string;
  shard?: string;
  timeoutMs: string;
  deadlineS: string;
  altIgnore?: string[];
  concurrency: string;
}

async function action(flags: RunFlags): Promise<void> {
  const options = resolveRunOptions({ ...flags, suites: flags.suite, env: process.env });
  const progress = createProgress({ label: "cbcheck run" });
  process.stderr.write(`cbcheck run: seed ${options.seed} (repeat with --seed ${options.seed})\n`);
  const report = await runConformance(options, {
    onProgress: (line) => progress.log(line),
    onCall: (calls) => progress.update(calls, "calls"),
  }).finally(() => progress.stop());
  const secrets = [options.apiKey, options.freeApiKey].filter((k): k is string => k !== undefined);
  const files = await writeReports(options.reportDir, report, [], { secrets });
  process.stdout.write(summaryText(report, files));
  if (report.verdict === "fail") {
    process.exitCode = EXIT.violation;
    return;
  }
  if (report.details?.stopped) {
    throw new HarnessError("CB_STOPPED", `${report.notes?.[0] ?? "the run stopped early"}; no verdict`);
  }
  process.exitCode = EXIT.pass;
}

/** Registers `cbcheck run`. */
export function registerRun(program: Command): void {
  program
    .command("run")
    .summary("run the conformance suites against a target (the CI gate)")
    .description(
      "Runs the cb/v1 conformance suites against a base URL, or against the embedded reference server.",
    )
    .option(
      "--base-url <url>",
      "target API root including /v1 (default: start the embedded reference server)",
    )
    .option(
      "--alt-base-url <url>",
      "the same API on its alternate root (…/api/v1), compared by the alt-base-url suite",
    )
    .option(
      "--api-key-env <name>",
      "environment variable holding the main (Plus) API key",
      RUN_DEFAULTS.apiKeyEnv,
    )
    .option(
      "--free-api-key-env <name>",
      "environment variable holding a Free-plan key (optional)",
      RUN_DEFAULTS.freeApiKeyEnv,
    )
    .option(
      "--fixtures <file>",
      "JSON file of known ids (schemas/fixtures.schema.json); default: discover via /resolve",
    )
    .option("--suite <name>", `run only this suite; repeatable (${SUITE_ORDER.join(", ")})`, collect)
    .option("--seed <n>", "seed of the generated requests (default: random, printed)")
    .option(
      "--runs <n>",
      "property-based runs per operation in the schema and alt-base-url suites",
      String(RUN_DEFAULTS.runs),
    )
    .option(
      "--concurrency <n>",
      "requests in flight at once in the schema suite (1..16); the contract recommends calls one after " +
        "another, so raise it only against your own servers (for example the embedded one)",
      String(RUN_DEFAULTS.concurrency),
    )
    .option("--max-calls <n>", "never send more than this many requests", String(RUN_DEFAULTS.maxCalls))
    .option(
      "--expect-rate-limit <calls/seconds>",
      `limit the target must enforce (default ${RUN_DEFAULTS.expectRateLimit}; embedded: its window)`,
    )
    .option("--allow-load", "run the rate-limit and batch-limits suites against a non-loopback target")
    .option(
      "--allow-credits",
      "allow influencer reads, which spend credits (always on for the embedded server)",
    )
    .option(
      "--report-dir <dir>",
      "where junit.xml, report.json, report.md, report.html go (default reports/<timestamp>)",
    )
    .option("--shard <i/n>", "run only shard I of N (deterministic split of the cases)")
    .option("--timeout-ms <ms>", "per-request timeout", String(RUN_DEFAULTS.timeoutMs))
    .option("--deadline-s <s>", "overall deadline of the run", String(RUN_DEFAULTS.deadlineS))
    .option(
      "--alt-ignore <pointer...>",
      `JSON pointers the alt-base-url comparison ignores (default ${RUN_DEFAULTS.altIgnore.join(" ")})`,
    )
    .addHelpText("after", HELP)
    .action(action);
}
