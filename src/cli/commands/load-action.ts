/**
 * The action of `cbcheck load` (registered, with its flags and help, by load.ts): loaded only when the command
 * runs, so that `--help`, `--version` and every other command do not load its implementation.
 */
import type { Command } from "commander";
import { resolveLoadOptions } from "../../load/load-options.js";
import { isProfileFile } from "../../load/profile-names.js";
import type { LoadHooks } from "../../load/run-load.js";
import { readFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { type ProgressOutput, progressOutput } from "../progress-output.js";
import { runReportingCommand } from "../reporting-command.js";
import { LOAD_FLAGS } from "./load-flags.js";

/** A bar per profile: elapsed of planned seconds, what remains, and the responses of the last second. */
function loadProgress(out: ProgressOutput): Pick<LoadHooks, "onProfile" | "onResponse"> & { stop(): void } {
  let ticker: NodeJS.Timeout | undefined;
  let responses = 0;
  return {
    onProfile(name, seconds) {
      clearInterval(ticker);
      const bar = out.bar(`load ${name}`, Math.ceil(seconds));
      const startedAt = Date.now();
      let last = 0;
      ticker = setInterval(() => {
        const elapsed = Math.min(Math.ceil(seconds), Math.floor((Date.now() - startedAt) / 1000));
        const remaining = Math.max(0, Math.ceil(seconds) - elapsed);
        bar.update(elapsed, `s · ${remaining} s left · ${responses - last} req/s`);
        last = responses;
      }, 1000);
      ticker.unref();
    },
    onResponse() {
      responses++;
    },
    stop() {
      clearInterval(ticker);
      out.stop();
    },
  };
}

/** Runs `cbcheck load` with the flags commander parsed (loaded when the command runs). */
export async function loadAction(cli: Invocation, command: Command): Promise<void> {
  // Loaded on use: autocannon and the histograms would add to the start-up of every other command.
  const [{ mergeLoad }, { planLines, runLoad }, { loadSummaryText }] = await Promise.all([
    import("../../load/merge-load.js"),
    import("../../load/run-load.js"),
    import("../../load/summary-text.js"),
  ]);
  const { merge, quiet, formats, profiles, ...given } = readFlags(command, LOAD_FLAGS);
  const flags = {
    ...cli.withPaths(given, "fixtures", "har"),
    ...(profiles ? { profiles: profiles.map((p) => (isProfileFile(p) ? cli.path(p) : p)) } : {}),
  };
  await runReportingCommand(cli, {
    command: "load",
    ...(formats ? { formats } : {}),
    reportDir: flags.reportDir,
    summary: loadSummaryText,
    async execute({ reportDir, signal, keepHar }) {
      // --merge: no load is sent; shards' reports are combined and gated as one run.
      if (merge) return mergeLoad(merge.map((file) => cli.path(file)));
      const options = resolveLoadOptions({ ...flags, reportDir, env: cli.env, clock: cli.io.clock });
      const secrets = options.target.kind === "url" ? [options.target.apiKey] : [];
      cli.hideInOutput(secrets);
      const out = progressOutput({ quiet: quiet === true, env: cli.env, stream: cli.stderr });
      // The plan is printed even with --quiet: it is the safety notice of what will be sent.
      cli.stderr.write(`${planLines(options).join("\n")}\n`);
      const bars = loadProgress(out);
      return runLoad(options, {
        signal,
        onProgress: (line) => out.say(line),
        ...bars,
        // The reporting frame keeps the recorder: the HAR is written on every exit, an exit 2 too.
        onHar: (recorder) => options.har && keepHar({ path: options.har, recorder }),
      }).finally(() => bars.stop());
    },
  });
}
