/**
 * The action of `cbcheck serve` (registered, with its flags and help, by serve.ts): loaded only when the command
 * runs, so that `--help`, `--version` and every other command do not load its implementation.
 */
import type { Command } from "commander";
import { HarnessError } from "../../errors.js";
import { SIGNAL_EXIT, type StopSignal } from "../../report/verdict.js";
import type { RunningServer, ServerOptions } from "../../server/types.js";
import type { SignalSource } from "../cli-io.js";
import { readFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { type HandoffOptions, handoffLine, writeHandoff } from "../serve-handoff.js";
import { SERVE_FLAGS } from "./serve-flags.js";

/** Starts the server; a port in use or an address it cannot listen on is a harness error (exit 2). */
async function start(options: ServerOptions): Promise<RunningServer> {
  try {
    // Loaded on use: the commands that never serve (validate, merge, …) do not pay for loading the server.
    const { startServer } = await import("../../server/index.js");
    return await startServer(options);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") {
      throw new HarnessError("CB_PORT_IN_USE", `port ${options.port} on ${options.host} is already in use`);
    }
    if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND" || code === "EACCES") {
      throw new HarnessError("CB_LISTEN", `cannot listen on ${options.host}:${options.port} (${code})`);
    }
    throw err;
  }
}

/**
 * Resolves with the first SIGINT or SIGTERM. The handlers stay installed until the process ends: a second
 * signal while the server closes must not fall back to the default action (death by signal, no exit code,
 * temporary files left behind).
 */
function firstStopSignal(signals: SignalSource): Promise<StopSignal> {
  return new Promise<StopSignal>((resolve) => {
    signals.on("SIGINT", () => resolve("SIGINT"));
    signals.on("SIGTERM", () => resolve("SIGTERM"));
  });
}

/** Runs `cbcheck serve` with the flags commander parsed (loaded when the command runs). */
export async function serveAction(cli: Invocation, command: Command): Promise<void> {
  // The flags' defaults fill host, port, seed and orgs; a --seed given also fixes the test keys.
  const options = cli.withPaths(readFlags(command, SERVE_FLAGS), "keysFile", "fixturesOut");
  if (command.getOptionValueSource("seed") !== "default") options.keySeed = options.seed;
  // Watched before anything is written: a script may stop the server the moment it reads the line (or sees
  // a file), and the temporary files must still be removed.
  const stopped = firstStopSignal(cli.io.signals);
  const server = await start(options);
  const handoff = await writeHandoff(server, options).catch(async (err) => {
    await server.close();
    throw err;
  });
  if (options.json) cli.stdout.write(handoffLine(server, handoff.fixturesPath));
  else printProse(cli, server, options);
  // Served until a signal; then the exit code says which one (130 SIGINT, 143 SIGTERM), as for every command.
  const signal = await stopped;
  await server.close().catch(() => undefined);
  await handoff.cleanup();
  cli.exitCode = SIGNAL_EXIT[signal];
}

function printProse(cli: Invocation, server: RunningServer, options: ServerOptions & HandoffOptions): void {
  const out = cli.stdout;
  out.write(`cbcheck reference server (cb/v1), seed ${options.seed}, ${options.orgs} organisations\n`);
  out.write(`base URL:     ${server.url}\n`);
  out.write(`alt base URL: ${server.altUrl}\n`);
  const origin =
    options.keySeed === undefined ? "valid for this run only" : `derived from --seed ${options.keySeed}`;
  out.write(`test keys (${origin}):\n`);
  for (const [name, key] of Object.entries(server.keys)) out.write(`  ${name.padEnd(10)} ${key}\n`);
  if (options.keysFile) out.write(`keys written to ${options.keysFile}\n`);
  if (options.fixturesOut) out.write(`fixtures written to ${options.fixturesOut}\n`);
  if (options.mutation) out.write(`seeded bug on: ${options.mutation}\n`);
  out.write("press Ctrl-C to stop\n");
}
