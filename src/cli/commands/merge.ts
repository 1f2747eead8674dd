/**
 * `cbcheck merge DIR...`: one verdict and the four reports from the reports of `cbcheck run --shard I/N`
 * (each DIR holds one shard's report.json). Refuses shards of different versions, seeds or targets.
 */
import type { Command } from "commander";
import { addFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { MERGE_FLAGS } from "./merge-flags.js";

const HELP = `
Each DIR is the --report-dir of one shard (its report.json is read). The shards must come from the same
cbcheck version, --seed and --base-url, and together cover --shard 1/N .. N/N exactly once.
A check failed in any shard fails; one no shard could judge stays inconclusive; counts add up.
Coverage adds up too: with --fail-on-unexercised or --min-exercised N (given here, or to the shards' run),
a rule of the run's suites that judged fewer than N exchanges in all shards together fails (run.rule_unexercised).

Examples:
  cbcheck run --base-url $URL --seed 42 --shard 1/2 --report-dir reports/shard-1
  cbcheck run --base-url $URL --seed 42 --shard 2/2 --report-dir reports/shard-2
  cbcheck merge reports/shard-1 reports/shard-2 --report-dir reports/merged

Exit codes:
  0  every check passed in every shard
  1  at least one contract violation in some shard, or a rule under the coverage gate
  2  a report is missing or unreadable, the shards do not belong to one run, or a shard did not finish
     (verdict incomplete)

Reports: without --report-dir, a new reports/merge/<timestamp>/, copied to reports/merge/latest/.
`;

/** Registers `cbcheck merge`. */
export function registerMerge(program: Command, cli: Invocation): void {
  const command = program
    .command("merge")
    .argument("<dir...>", "report directories of the shards of one run")
    .summary("combine the reports of run --shard I/N into one verdict")
    .description("Combines the reports of `cbcheck run --shard I/N` into one verdict and the four reports.");
  addFlags(command, MERGE_FLAGS)
    .addHelpText("after", HELP)
    .action(async (dirs: string[]) => (await import("./merge-action.js")).mergeAction(cli, dirs, command));
}
