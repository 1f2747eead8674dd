/**
 * The action of `cbcheck replay` (registered, with its flags and help, by replay.ts): loaded only when the command
 * runs, so that `--help`, `--version` and every other command do not load its implementation.
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
import { readFlags } from "../flag-table.js";
import { watchInterrupts } from "../interrupt.js";
import type { Invocation } from "../invocation.js";
import { readRunReport } from "../read-run-report.js";
import { REPLAY_FLAGS } from "./replay-flags.js";

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

/** Runs `cbcheck replay` with the flags commander parsed (loaded when the command runs). */
export async function replayAction(cli: Invocation, path: string, command: Command): Promise<void> {
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
