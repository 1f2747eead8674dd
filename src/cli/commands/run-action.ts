/**
 * The action of `cbcheck run` (registered, with its flags and help, by run.ts): loaded only when the command
 * runs, so that `--help`, `--version` and every other command do not load its implementation.
 */
import type { Command } from "commander";
import type { Progress } from "../../report/progress.js";
import { resolveRunOptions, runSecrets } from "../../runner/options.js";
import { planText, type RunPlan } from "../../runner/plan.js";
import { runConformance } from "../../runner/run-conformance.js";
import { summaryText } from "../../runner/summary-text.js";
import { readFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { limitInlining } from "../jit-budget.js";
import { progressOutput } from "../progress-output.js";
import { runReportingCommand } from "../reporting-command.js";
import { RUN_FLAGS } from "./run-flags.js";

/** The planned total the progress bar counts to: the planner's calls (the one place the bar reads it). */
export function runPlanTotal(plan: RunPlan): number {
  return plan.total;
}

/** Runs `cbcheck run` with the flags commander parsed (loaded when the command runs). */
export async function runAction(cli: Invocation, command: Command): Promise<void> {
  limitInlining();
  const { quiet, formats, ...given } = readFlags(command, RUN_FLAGS);
  const flags = cli.withPaths(given, "fixtures", "har");
  await runReportingCommand(cli, {
    command: "run",
    ...(formats ? { formats } : {}),
    reportDir: flags.reportDir,
    summary: summaryText,
    async execute({ reportDir, signal, keepHar }) {
      const options = resolveRunOptions({ ...flags, reportDir, env: cli.env, clock: cli.io.clock });
      cli.hideInOutput(runSecrets(options));
      const out = progressOutput({ quiet: quiet === true, env: cli.env, stream: cli.stderr });
      out.say(
        `cbcheck run: seed ${options.seed} (repeat with --seed ${options.seed}); reports go to ${reportDir}`,
      );
      // The bar counts calls to the planner's total; it starts once the plan is known (again after discovery).
      let bar: Progress | undefined;
      let total = 0;
      let suite = "starting";
      let calls = 0;
      const show = () => bar?.update(Math.min(calls, total), `suite ${suite}`);
      return runConformance(options, {
        signal,
        // The reporting frame keeps the recorder: the HAR is written on every exit, an exit 2 too.
        onHar: (recorder) => options.har && keepHar({ path: options.har, recorder }),
        onProgress: (line) => out.say(line),
        onPlan: (plan) => {
          for (const line of planText(plan)) out.say(line);
          total = runPlanTotal(plan);
          bar = out.bar("cbcheck run", total);
          show();
        },
        onSuite: (name) => {
          suite = name;
          show();
        },
        onCall: (n) => {
          calls = n;
          show();
        },
      })
        .then((result) => {
          if (result.stopped === undefined) bar?.update(total, `done · ${calls} calls`);
          return result;
        })
        .finally(() => out.stop());
    },
  });
}
