/**
 * The action of `cbcheck monitor` (registered, with its flags and help, by monitor.ts): loaded only when the command
 * runs, so that `--help`, `--version` and every other command do not load its implementation.
 */
import type { Command } from "commander";
import { EXIT, HarnessError } from "../../errors.js";
import { resolveMonitorOptions } from "../../monitor/options.js";
import { runMonitor } from "../../monitor/run-monitor.js";
import { escapedJson } from "../../report/escape.js";
import { SIGNAL_EXIT } from "../../report/verdict.js";
import { readFlags } from "../flag-table.js";
import { watchInterrupts } from "../interrupt.js";
import type { Invocation } from "../invocation.js";
import { MONITOR_FLAGS } from "./monitor-flags.js";

/** Runs `cbcheck monitor` with the flags commander parsed (loaded when the command runs). */
export async function monitorAction(cli: Invocation, command: Command): Promise<void> {
  const flags = cli.withPaths(readFlags(command, MONITOR_FLAGS), "state", "reportDir", "fixtures");
  const options = resolveMonitorOptions({ ...flags, env: cli.env, clock: cli.io.clock });
  cli.hideInOutput(options.secrets);
  const say = (line: string) => cli.stderr.write(`${line}\n`);
  const watch = watchInterrupts(cli.io, say);
  try {
    const result = await runMonitor(options, {
      signal: watch.signal,
      onEvent: (event) => cli.stdout.write(`${escapedJson(event)}\n`),
      onLine: say,
      onMetricsListening: (url) => say(`cbcheck monitor: metrics on ${url}`),
    });
    const failing = result.failing.length > 0 ? `; failing: ${result.failing.join(", ")}` : "";
    const received = watch.received();
    if (result.verdict === "interrupted" && received) {
      say(`cbcheck monitor: stopped by ${received}; state written to ${options.state}${failing}`);
      cli.exitCode = SIGNAL_EXIT[received];
      return;
    }
    if (result.verdict === "stopped" || result.verdict === "incomplete")
      throw new HarnessError("CB_STOPPED", `${result.reason ?? result.verdict}${failing}`);
    say(`cbcheck monitor: cycle done, ${result.failing.length} rule(s) failing${failing}`);
    cli.exitCode = result.verdict === "fail" ? EXIT.violation : EXIT.pass;
  } finally {
    watch.dispose();
  }
}
