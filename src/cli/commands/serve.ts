/**
 * `cbcheck serve`: runs the reference server until SIGINT/SIGTERM, printing its base URLs and test keys
 * (local, per-start keys of a test server: printing them is the point of this command).
 */
import type { Command } from "commander";
import { HarnessError } from "../../errors.js";
import { SIGNAL_EXIT, type StopSignal } from "../../report/verdict.js";
import type { RunningServer, ServerOptions } from "../../server/types.js";
import type { SignalSource } from "../cli-io.js";
import { addFlags, readFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { type HandoffOptions, handoffLine, KEY_ENV_NAMES, writeHandoff } from "../serve-handoff.js";
import { SERVE_FLAGS } from "./serve-flags.js";

const HELP = `
For scripts: --json prints one line once listening, {"baseUrl", "altBaseUrl", "keys", "fixtures", "pid"}
(nothing else goes to stdout); --keys-file writes the keys as shell-sourceable lines (mode 0600):
  ${Object.values(KEY_ENV_NAMES).join(", ")}
--fixtures-out writes the server's ids as a fixtures file for \`cbcheck run --fixtures\` (with --json and
no --fixtures-out, a temporary file that is removed on exit). These keys are the reference server's own
throwaway test keys, not secrets of any account: printing and writing them is intended. They are fresh on
every start, or derived from --seed when it is given (same seed, same keys).
See examples/serve-and-run.sh.

Examples:
  cbcheck serve --port 8080
  cbcheck serve --seed 7 --json --keys-file keys.env --fixtures-out fixtures.json

Exit codes:
  130  stopped by Ctrl-C (SIGINT); 143 stopped by SIGTERM (the server closes and temporary files are removed)
  2  bad flags, a port in use, or an output file that cannot be written
`;

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

async function action(cli: Invocation, command: Command): Promise<void> {
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

/** Registers `cbcheck serve`. */
export function registerServe(program: Command, cli: Invocation): void {
  const command = program
    .command("serve")
    .description("run the reference server of cb/v1 (synthetic data) until interrupted");
  addFlags(command, SERVE_FLAGS)
    .addHelpText("after", HELP)
    .action(() => action(cli, command));
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
