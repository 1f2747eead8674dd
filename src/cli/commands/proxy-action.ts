/**
 * The action of `cbcheck proxy` (registered, with its flags and help, by proxy.ts): loaded only when the command
 * runs, so that `--help`, `--version` and every other command do not load its implementation.
 */
import type { Command } from "commander";
import { HarnessError } from "../../errors.js";
import { parseListen } from "../../proxy/proxy-defaults.js";
import { runProxy } from "../../proxy/run-proxy.js";
import { failureSummaryLines } from "../../report/failure-summary.js";
import type { Report } from "../../report/model.js";
import { verdictLabel } from "../../report/verdict.js";
import { RUNNER } from "../../verdicts/runner.js";
import { readFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { progressOutput } from "../progress-output.js";
import { runReportingCommand } from "../reporting-command.js";
import { PROXY_FLAGS } from "./proxy-flags.js";

/** The violations grouped by rule and cause (failure-summary.ts), then the verdict and the counts. */
function summary(report: Report, files: readonly string[]): string {
  const s = report.summary;
  const unjudged = report.results.find((r) => r.id === RUNNER.judgingUnfinished.id);
  const lines = [
    ...failureSummaryLines(report),
    `${verdictLabel(report.verdict)}: ${s.calls ?? 0} exchange(s), ${s.failed} failing row(s), ${s.warnings} warning(s)`,
    ...(unjudged?.message ? [unjudged.message] : []),
  ];
  if (files.length > 0) lines.push(`Reports: ${files.join(", ")}`);
  return `${lines.join("\n")}\n`;
}

/** Runs `cbcheck proxy` with the flags commander parsed (loaded when the command runs). */
export async function proxyAction(cli: Invocation, command: Command): Promise<void> {
  const { reportDir, quiet, formats, ...flags } = readFlags(command, PROXY_FLAGS);
  // --quiet drops the live lines (the summary and the reports keep what they said); the address stays.
  const out = progressOutput({ quiet: quiet === true, env: cli.env, stream: cli.stderr });
  await runReportingCommand(cli, {
    command: "proxy",
    ...(formats ? { formats } : {}),
    reportDir,
    summary,
    signalEnds: true,
    async execute({ signal }) {
      try {
        parseListen(flags.listen ?? "");
      } catch (error) {
        throw new HarnessError("CB_USAGE", (error as Error).message);
      }
      return runProxy(flags as Parameters<typeof runProxy>[0], {
        signal,
        onListening: (url) => cli.stderr.write(`cbcheck proxy: listening; clients use ${url}\n`),
        onMetricsListening: (url) => cli.stderr.write(`cbcheck proxy: metrics on ${url}\n`),
        // A line quotes what a client or the target sent: progressOutput keeps it one line of visible characters.
        onViolation: (line) => out.say(line),
      }).catch((error: unknown) => {
        if (error instanceof HarnessError) throw error;
        throw new HarnessError("CB_USAGE", `cannot start the proxy: ${(error as Error).message}`);
      });
    },
  });
}
