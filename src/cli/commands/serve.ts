/**
 * `cbcheck serve`: runs the reference server until SIGINT/SIGTERM, printing its base URLs and test keys
 * (local, per-start keys of a test server: printing them is the point of this command).
 */
import type { Command } from "commander";
import { HarnessError } from "../../errors.js";
import { startServer } from "../../server/index.js";
import type { RunningServer, ServerOptions } from "../../server/types.js";
import { addFlags, readFlags } from "../flag-table.js";
import { SERVE_FLAGS } from "./serve-flags.js";

/** Starts the server; a port in use or an address it cannot listen on is a harness error (exit 2). */
async function start(options: ServerOptions): Promise<RunningServer> {
  try {
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

async function action(command: Command): Promise<void> {
  // The flags' defaults fill host, port, seed and orgs.
  const options = readFlags(command, SERVE_FLAGS);
  const server = await start(options);
  const out = process.stdout;
  out.write(`cbcheck reference server (cb/v1), seed ${options.seed}, ${options.orgs} organisations\n`);
  out.write(`base URL:     ${server.url}\n`);
  out.write(`alt base URL: ${server.altUrl}\n`);
  out.write("test keys (valid for this run only):\n");
  for (const [name, key] of Object.entries(server.keys)) out.write(`  ${name.padEnd(10)} ${key}\n`);
  if (options.mutation) out.write(`seeded bug on: ${options.mutation}\n`);
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
}

/** Registers `cbcheck serve`. */
export function registerServe(program: Command): void {
  const command = program
    .command("serve")
    .description("run the reference server of cb/v1 (synthetic data) until interrupted");
  addFlags(command, SERVE_FLAGS).action(() => action(command));
}
