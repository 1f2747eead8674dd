/**
 * The action of `cbcheck merge` (registered, with its flags and help, by merge.ts): loaded only when the command
 * runs, so that `--help`, `--version` and every other command do not load its implementation.
 */
import { join } from "node:path";
import type { Command } from "commander";
import { mergeShardReports, type ShardReport } from "../../report/merge-reports.js";
import { applyCoverageGate, recordedCoverageGate } from "../../runner/coverage-gate.js";
import { summaryText } from "../../runner/summary-text.js";
import { readFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { readRunReport } from "../read-run-report.js";
import { runReportingCommand } from "../reporting-command.js";
import { MERGE_FLAGS } from "./merge-flags.js";

async function readShard(dir: string): Promise<ShardReport> {
  const path = join(dir, "report.json");
  const report = await readRunReport(path, "shard report");
  return { source: dir, report };
}

/** Runs `cbcheck merge` with the flags commander parsed (loaded when the command runs). */
export async function mergeAction(cli: Invocation, dirs: string[], command: Command): Promise<void> {
  const { reportDir, failOnUnexercised, minExercised, formats } = readFlags(command, MERGE_FLAGS);
  await runReportingCommand(cli, {
    command: "merge",
    ...(formats ? { formats } : {}),
    reportDir,
    summary: summaryText,
    async execute() {
      const shards = [];
      for (const dir of dirs) shards.push(await readShard(cli.path(dir)));
      // The coverage gate on the shards added up: the largest of the flags given here and those the shards
      // were run with (they left it to the merge).
      const flagged = Math.max(minExercised ?? 0, failOnUnexercised ? 1 : 0);
      const gate = Math.max(flagged, recordedCoverageGate(shards.map((s) => s.report)));
      const report = applyCoverageGate(mergeShardReports(shards), gate);
      return {
        report,
        sections: [],
        secrets: [],
        ...(report.verdict === "incomplete" ? { stopped: report.reason ?? "a shard did not finish" } : {}),
      };
    },
  });
}
