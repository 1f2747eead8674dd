/**
 * `cbcheck serve`: runs the reference server until SIGINT/SIGTERM, printing its base URLs and test keys
 * (local, per-start keys of a test server: printing them is the point of this command).
 */
import { type Command, Option } from "commander";
import { HarnessError } from "../../errors.js";
import { startServer } from "../../server/index.js";
import { MUTATIONS } from "../../server/mutations.js";
import type { RunningServer } from "../../server/types.js";
import { handoffLine, KEY_ENV_NAMES, writeHandoff } from "../serve-handoff.js";

function integer(name: string, min: number, max: number): (value: string) => number {
  return (value) => {
    if (!/^[0-9]+$/.test(value) || Number(value) < min || Number(value) > max) {
      throw new HarnessError(
        "CB_USAGE",
        `--${name} must be an integer from ${min} to ${max}, got "${value}"`,
      );
    }
    return Number(value);
  };
}

interface ServeFlags {
  host: string;
  port: number;
  seed: number;
  orgs: number;
  rateLimit?: number;
  rateWindowMs?: number;
  latencyMs?: number;
  mutation?: string;
  json?: boolean;
  keysFile?: string;
  fixturesOut?: string;
  /** Set when --seed was given: the keys are derived from it. */
  keySeed?: number;
}

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
  0  stopped by Ctrl-C or SIGTERM
  2  bad flags, a port in use, or an output file that cannot be written
`;

async function start(flags: ServeFlags): Promise<RunningServer> {
  if (flags.mutation !== undefined && !MUTATIONS.some((m) => m.id === flags.mutation)) {
    throw new HarnessError("CB_USAGE", `unknown --mutation "${flags.mutation}"`);
  }
  try {
    return await startServer(flags);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") {
      throw new HarnessError("CB_PORT_IN_USE", `port ${flags.port} on ${flags.host} is already in use`);
    }
    if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND" || code === "EACCES") {
      throw new HarnessError("CB_LISTEN", `cannot listen on ${flags.host}:${flags.port} (${code})`);
    }
    throw err;
  }
}

/** Registers `cbcheck serve`. */
export function registerServe(program: Command): void {
  program
    .command("serve")
    .description("run the reference server of cb/v1 (synthetic data) until interrupted")
    .option("--host <host>", "interface to listen on", "127.0.0.1")
    .option("--port <port>", "port (0 picks a free one)", integer("port", 0, 65535), 0)
    .option(
      "--seed <n>",
      "seed of the synthetic graph and, when given, of the test keys",
      integer("seed", 0, 2 ** 31 - 1),
      1,
    )
    .option("--orgs <n>", "number of organisations", integer("orgs", 1, 1_000_000), 2000)
    .option(
      "--rate-limit <calls>",
      "calls per rate window per key (default 120)",
      integer("rate-limit", 1, 1e12),
    )
    .option(
      "--rate-window-ms <ms>",
      "length of the rate window (default 60000)",
      integer("rate-window-ms", 1, 1e12),
    )
    .option("--latency-ms <ms>", "latency added to every response", integer("latency-ms", 0, 600_000))
    .addOption(new Option("--mutation <id>", "switch on one seeded bug (tests only)").hideHelp())
    .option("--json", "print one JSON line (URLs, test keys, fixtures path, pid) once listening")
    .option("--keys-file <file>", "write the test keys as KEY=value lines (mode 0600)")
    .option("--fixtures-out <file>", "write the server's fixtures file (ids for cbcheck run --fixtures)")
    .addHelpText("after", HELP)
    .action(async (flags: ServeFlags, command: Command) => {
      if (command.getOptionValueSource("seed") !== "default") flags.keySeed = flags.seed;
      const server = await start(flags);
      const handoff = await writeHandoff(server, flags).catch(async (err) => {
        await server.close();
        throw err;
      });
      if (flags.json) process.stdout.write(handoffLine(server, handoff.fixturesPath));
      else printProse(server, flags);
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off("SIGINT", stop);
          process.off("SIGTERM", stop);
          server.close().then(resolve, resolve);
        };
        process.on("SIGINT", stop);
        process.on("SIGTERM", stop);
      });
      await handoff.cleanup();
    });
}

function printProse(server: RunningServer, flags: ServeFlags): void {
  const out = process.stdout;
  out.write(`cbcheck reference server (cb/v1), seed ${flags.seed}, ${flags.orgs} organisations\n`);
  out.write(`base URL:     ${server.url}\n`);
  out.write(`alt base URL: ${server.altUrl}\n`);
  const origin =
    flags.keySeed === undefined ? "valid for this run only" : `derived from --seed ${flags.keySeed}`;
  out.write(`test keys (${origin}):\n`);
  for (const [name, key] of Object.entries(server.keys)) out.write(`  ${name.padEnd(10)} ${key}\n`);
  if (flags.keysFile) out.write(`keys written to ${flags.keysFile}\n`);
  if (flags.fixturesOut) out.write(`fixtures written to ${flags.fixturesOut}\n`);
  if (flags.mutation) out.write(`seeded bug on: ${flags.mutation}\n`);
  out.write("press Ctrl-C to stop\n");
}
