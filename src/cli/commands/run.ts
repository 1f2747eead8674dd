/**
 * `cbcheck run`: the conformance run and CI gate. Parses flags (typed from `RunOptions`), resolves them with
 * the environment, runs the suites, then writes the reports and sets the exit code (0 pass, 1 violation,
 * 2 usage).
 */
import type { Command } from "commander";
import { createProgress } from "../../report/progress.js";
import { RUN_DEFAULTS, resolveRunOptions, SUITE_ORDER } from "../../runner/options.js";
import { planText } from "../../runner/plan.js";
import { runConformance } from "../../runner/run-conformance.js";
import { summaryText } from "../../runner/summary-text.js";
import { finishCommand } from "../finish-command.js";
import { addFlags, readFlags } from "../flag-table.js";
import { RUN_FLAGS } from "./run-flags.js";

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

async function action(command: Command): Promise<void> {
  const options = resolveRunOptions({ ...readFlags(command, RUN_FLAGS), env: process.env });
  const progress = createProgress({ label: "cbcheck run", env: process.env });
  process.stderr.write(`cbcheck run: seed ${options.seed} (repeat with --seed ${options.seed})\n`);
  const result = await runConformance(options, {
    onProgress: (line) => progress.log(line),
    onPlan: (plan) => {
      for (const line of planText(plan)) progress.log(line);
    },
    onCall: (calls) => progress.update(calls, "calls"),
  }).finally(() => progress.stop());
  await finishCommand(result, options.reportDir, summaryText);
}

/** Registers `cbcheck run`. */
export function registerRun(program: Command): void {
  const command = program
    .command("run")
    .summary("run the conformance suites against a target (the CI gate)")
    .description(
      "Runs the cb/v1 conformance suites against a base URL, or against the embedded reference server.",
    );
  addFlags(command, RUN_FLAGS)
    .addHelpText("after", HELP)
    .action(() => action(command));
}
