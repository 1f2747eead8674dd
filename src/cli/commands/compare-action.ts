/**
 * The action of `cbcheck compare` (registered, with its flags and help, by compare.ts): loaded only when the command
 * runs, so that `--help`, `--version` and every other command do not load its implementation.
 */
import type { Command } from "commander";
import { headerSecrets } from "../../extra-headers.js";
import { groupFailures } from "../../report/failure-groups.js";
import { failureSummaryLines, groupExtent } from "../../report/failure-summary.js";
import { oneLine } from "../../report/failure-text.js";
import type { Report } from "../../report/model.js";
import { verdictLabel } from "../../report/verdict.js";
import { resolveCompareOptions } from "../../runner/compare/compare-options.js";
import { runCompare } from "../../runner/compare/run-compare.js";
import { readFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { progressOutput } from "../progress-output.js";
import { runReportingCommand } from "../reporting-command.js";
import { COMPARE_FLAGS } from "./compare-flags.js";

/** Breaking differences grouped by cause (failure-summary.ts), additive ones one line per rule, then the verdict. */
function summary(report: Report, files: readonly string[]): string {
  const lines = failureSummaryLines(report, { rowWord: "operation" });
  for (const g of groupFailures(report.results, "warn"))
    lines.push(
      `additive ${g.id}: ${groupExtent(g, "operation")} — first: ${oneLine(g.causes[0]?.title ?? "", 300)}`,
    );
  const s = report.summary;
  lines.push(
    `${verdictLabel(report.verdict)}: ${s.failed} operation(s) with breaking differences, ${s.warnings} with additive ones; ${s.calls ?? 0} calls; seed ${report.seed}`,
  );
  if (files.length > 0) lines.push(`Reports: ${files.join(", ")}`);
  return `${lines.join("\n")}\n`;
}

/** Runs `cbcheck compare` with the flags commander parsed (loaded when the command runs). */
export async function compareAction(cli: Invocation, command: Command): Promise<void> {
  const { reportDir, quiet, formats, ...given } = readFlags(command, COMPARE_FLAGS);
  const flags = cli.withPaths(given, "fixtures");
  await runReportingCommand(cli, {
    command: "compare",
    ...(formats ? { formats } : {}),
    reportDir,
    summary,
    async execute({ signal }) {
      const options = await resolveCompareOptions({
        ...(flags as Parameters<typeof resolveCompareOptions>[0]),
        env: cli.env,
      });
      cli.hideInOutput([options.apiKey, options.candidateApiKey, ...headerSecrets(options.headers)]);
      const out = progressOutput({ quiet: quiet === true, env: cli.env, stream: cli.stderr });
      out.say(`cbcheck compare: seed ${options.seed} (repeat with --seed ${options.seed})`);
      return runCompare(options, { signal, onProgress: (line) => out.say(line) });
    },
  });
}
