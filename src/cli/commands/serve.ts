/**
 * `cbcheck serve`: runs the reference server until SIGINT/SIGTERM, printing its base URLs and test keys
 * (local, per-start keys of a test server: printing them is the point of this command).
 */
import { type Command, Option } from "commander";
import { HarnessError } from "../../errors.js";
import { startServer } from "../../server/index.js";
import { MUTATIONS } from "../../server/mutations.js";
import type { RunningServer } from "../../server/types.js";

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
}

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
    .option("--seed <n>", "seed of the synthetic graph", integer("seed", 0, 2 ** 31 - 1), 1)
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
    .action(async (flags: ServeFlags) => {
      const server = await start(flags);
      const out = process.stdout;
      out.write(`cbcheck reference server (cb/v1), seed ${flags.seed}, ${flags.orgs} organisations\n`);
      out.write(`base URL:     ${server.url}\n`);
      out.write(`alt base URL: ${server.altUrl}\n`);
      out.write("test keys (valid for this run only):\n");
      for (const [name, key] of Object.entries(server.keys)) out.write(`  ${name.padEnd(10)} ${key}\n`);
      if (flags.mutation) out.write(`seeded bug on: ${flags.mutation}\n`);
      out.write("press Ctrl-C to stop\n");
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off("SIGINT", stop);
          process.off("SIGTERM", stop);
          server.close().then(resolve, resolve);
        };
        process.on("SIGINT", stop);
        process.on("SIGTERM", stop);
      });
    });
}
