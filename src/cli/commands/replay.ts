/**
 * `cbcheck replay REPORT [--check ID | --index N]`: re-sends one failing counterexample of a report and
 * judges the response again. Exit 0 when it passes now, 1 when it fails again, 2 when it cannot be replayed.
 */

import { stat } from "node:fs/promises";
import { join } from "node:path";
import type { Command } from "commander";
import { EXIT, HarnessError } from "../../errors.js";
import { headerSecrets, parseHeaders } from "../../extra-headers.js";
import { toCurl } from "../../report/curl.js";
import { escapeControls } from "../../report/escape.js";
import type { Report } from "../../report/model.js";
import { SIGNAL_EXIT } from "../../report/verdict.js";
import { type ReplayOptions, type ReplayResult, replayCounterexample } from "../../runner/replay.js";
import { RunStopped } from "../../runner/run-stopped.js";
import { addFlags, readFlags } from "../flag-table.js";
import { watchInterrupts } from "../interrupt.js";
import type { Invocation } from "../invocation.js";
import { readRunReport } from "../read-run-report.js";
import { REPLAY_FLAGS } from "./replay-flags.js";

const HELP = `
REPORT is a report.json written by cbcheck run (or the directory that holds it). Without --check or --index the
first failing counterexample is replayed. A response check is run again on the new response; a suite verdict (a
bound case, an auth case) is compared with the status it expected. A check that does not apply to the new
response (no JSON body, another status) cannot pass on it: every check judges it then. A 429 is a limit, not
an answer: it is waited out once (Retry-After, within --deadline-s) and the request sent again, unless the
counterexample was a 429 itself; a second 429 is no verdict (exit 2).

Where it is sent and with which key is your choice, never the report's (a report is an artefact anyone who can
upload one can edit):
  - to --base-url (the recorded path and query kept; --alt-base-url for a request recorded against the
    alternate base URL); without it, to the report's base URL only when it equals your configured target
    (CBCHECK_BASE_URL or the config file) or, with none configured, when it is on this machine (loopback);
    anything else exits 2 and sends nothing;
  - with the key in --api-key-env (default CB_API_KEY), when the recorded request carried a key; a variable
    the report names (Bearer $NAME) is never read.
Before sending, one line says what goes where: "sending GET http://…/v1/resolve?… with the key in $CB_API_KEY".
Output is redacted (the key in any encoding) and control characters a target sent are shown escaped.

Examples:
  cbcheck replay reports/run/latest
  cbcheck replay reports/run/latest/report.json --check resolve.cursor_null
  cbcheck replay report.json --index 3 --base-url https://staging.example.com/v1 --api-key-env STAGING_KEY

It sends through the same guards as cbcheck run: a check that does not apply to the new response (no JSON
body, another status) cannot pass on it, so every check judges that response; a 429 is a limit, not an answer:
it is waited out once (Retry-After, within --deadline-s) and the request sent again, unless the counterexample
was a 429 itself; a second 429 is no verdict (exit 2).

Exit codes:
  0    the replayed request passes now
  1    it fails again
  2    bad usage, unreadable report, a target you did not give or confirm, missing key, no response, or no
       verdict within --deadline-s (or after a second 429)
  130  interrupted by SIGINT (Ctrl-C); 143 by SIGTERM: the request is abandoned, no verdict
`;

/** The report at `path`, or at `path/report.json` when it is a directory. */
async function readReport(path: string): Promise<Report> {
  const isDir = await stat(path).then(
    (info) => info.isDirectory(),
    () => false,
  );
  return readRunReport(isDir ? join(path, "report.json") : path, "report");
}

/** What `replay` prints after sending (redacted; control characters escaped). */
export function replayText(result: ReplayResult): string {
  const request = result.counterexample.request as NonNullable<typeof result.counterexample.request>;
  const lines = [
    `replaying ${result.row.id}${result.row.operation ? ` (${result.row.operation})` : ""}: ${result.counterexample.title}`,
    `  ${toCurl(request)}`,
    ...result.notes.map((n) => `note: ${n}`),
  ];
  const ex = result.exchange;
  if (!ex.response) {
    lines.push(`no response: ${ex.transportError?.code} ${ex.transportError?.message}`);
    return `${lines.map((l) => escapeControls(l, true)).join("\n")}\n`;
  }
  lines.push(`answered ${ex.response.status} in ${ex.response.durationMs.toFixed(0)} ms`);
  for (const f of result.failures) {
    lines.push(
      `  ${f.checkId}: ${f.title}${f.expected ? ` (expected ${f.expected}, received ${f.received ?? "?"})` : ""}`,
    );
  }
  lines.push(result.outcome === "fails again" ? "FAILS AGAIN" : "PASSES NOW");
  return `${lines.map((l) => escapeControls(l, true)).join("\n")}\n`;
}

/**
 * Replays under the invocation's interruption watch: SIGINT/SIGTERM abandon the request at once (exit
 * 130/143), the deadline or a second 429 end it with no verdict (exit 2, `CB_STOPPED`).
 */
async function replayWatched(
  cli: Invocation,
  options: Omit<ReplayOptions, "signal">,
): Promise<ReplayResult | undefined> {
  const watch = watchInterrupts(cli.io, (line) => cli.stderr.write(`${line}\n`));
  try {
    return await replayCounterexample({ ...options, signal: watch.signal });
  } catch (err) {
    if (!(err instanceof RunStopped)) throw err;
    const signal = watch.received();
    if (!signal) throw new HarnessError("CB_STOPPED", `${err.message}: no verdict`);
    cli.stderr.write(`cbcheck: interrupted by ${signal}: no verdict\n`);
    cli.exitCode = SIGNAL_EXIT[signal];
    return undefined;
  } finally {
    watch.dispose();
  }
}

async function action(cli: Invocation, path: string, command: Command): Promise<void> {
  const { baseUrl, altBaseUrl, ...flags } = readFlags(command, REPLAY_FLAGS);
  // A base URL typed on the command line says where to send; one from CBCHECK_* or the config file only
  // confirms the report's (it may be set for another purpose).
  const typed = (key: string) => command.getOptionValueSource(key) === "cli";
  cli.hideInOutput(headerSecrets(parseHeaders(flags.headers)));
  const report = await readReport(cli.path(path));
  const result = await replayWatched(cli, {
    ...flags,
    ...(baseUrl !== undefined ? (typed("baseUrl") ? { baseUrl } : { configuredBaseUrl: baseUrl }) : {}),
    ...(altBaseUrl !== undefined
      ? typed("altBaseUrl")
        ? { altBaseUrl }
        : { configuredAltBaseUrl: altBaseUrl }
      : {}),
    report,
    env: cli.env,
    onSend: (line) => cli.stdout.write(`${escapeControls(line, true)}\n`),
  });
  if (!result) return;
  cli.stdout.write(replayText(result));
  if (!result.exchange.response) cli.exitCode = EXIT.usage;
  else cli.exitCode = result.outcome === "fails again" ? EXIT.violation : EXIT.pass;
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
