/**
 * `cbcheck replay REPORT [--check ID | --index N]`: re-sends one failing counterexample of a report and
 * judges the response again. Exit 0 when it passes now, 1 when it fails again, 2 when it cannot be replayed.
 */

import { stat } from "node:fs/promises";
import { join } from "node:path";
import type { Command } from "commander";
import { EXIT } from "../../errors.js";
import { toCurl } from "../../report/curl.js";
import type { Report } from "../../report/model.js";
import { replayCounterexample } from "../../runner/replay.js";
import { addFlags, readFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { readRunReport } from "../read-run-report.js";
import { REPLAY_FLAGS } from "./replay-flags.js";

const HELP = `
REPORT is a report.json written by cbcheck run (or the directory that holds it). Without --check or --index the
first failing counterexample is replayed. The recorded request names the variable its key came from
(Authorization: Bearer $CB_API_KEY); that variable must be set. A response check is run again on the new
response; a suite verdict (a bound case, an auth case) is compared with the status it expected.

Examples:
  cbcheck replay reports/run/latest
  cbcheck replay reports/run/latest/report.json --check resolve.cursor_null
  cbcheck replay report.json --index 3

Exit codes:
  0  the replayed request passes now
  1  it fails again
  2  bad usage, unreadable report, missing key, or no response
`;

/** The report at `path`, or at `path/report.json` when it is a directory. */
async function readReport(path: string): Promise<Report> {
  const isDir = await stat(path).then(
    (info) => info.isDirectory(),
    () => false,
  );
  return readRunReport(isDir ? join(path, "report.json") : path, "report");
}

async function action(cli: Invocation, path: string, command: Command): Promise<void> {
  const flags = readFlags(command, REPLAY_FLAGS);
  const report = await readReport(cli.path(path));
  const result = await replayCounterexample({ ...flags, report, env: cli.env });
  const request = result.counterexample.request as NonNullable<typeof result.counterexample.request>;
  const lines = [
    `replaying ${result.row.id}${result.row.operation ? ` (${result.row.operation})` : ""}: ${result.counterexample.title}`,
    `  ${toCurl(request)}`,
    ...result.notes.map((n) => `note: ${n}`),
  ];
  const ex = result.exchange;
  if (!ex.response) {
    cli.stdout.write(
      `${lines.join("\n")}\nno response: ${ex.transportError?.code} ${ex.transportError?.message}\n`,
    );
    cli.exitCode = EXIT.usage;
    return;
  }
  lines.push(`answered ${ex.response.status} in ${ex.response.durationMs.toFixed(0)} ms`);
  for (const f of result.failures) {
    lines.push(
      `  ${f.checkId}: ${f.title}${f.expected ? ` (expected ${f.expected}, received ${f.received ?? "?"})` : ""}`,
    );
  }
  lines.push(result.outcome === "fails again" ? "FAILS AGAIN" : "PASSES NOW");
  cli.stdout.write(`${lines.join("\n")}\n`);
  cli.exitCode = result.outcome === "fails again" ? EXIT.violation : EXIT.pass;
}

/** Registers `cbcheck replay`. */
export function registerReplay(program: Command, cli: Invocation): void {
  const command = program
    .command("replay")
    .argument("<report>", "report.json of cbcheck run, or its directory")
    .summary("re-send one failing counterexample of a report and judge it again")
    .description(
      "Re-sends one failing counterexample of a cbcheck run report and judges the response again.",
    );
  addFlags(command, REPLAY_FLAGS)
    .addHelpText("after", HELP)
    .action((path: string) => action(cli, path, command));
}
