/**
 * The cbcheck program: every command registered on one commander instance, writing to one invocation's io.
 */
import { Command } from "commander";
import { VERSION } from "../version.js";
import { type CliOutput, processIo } from "./cli-io.js";
import { registerCertifyClient } from "./commands/certify-client.js";
import { registerCompare } from "./commands/compare.js";
import { registerLoad } from "./commands/load.js";
import { registerMerge } from "./commands/merge.js";
import { registerMonitor } from "./commands/monitor.js";
import { registerOpenApi } from "./commands/openapi.js";
import { registerProxy } from "./commands/proxy.js";
import { registerReplay } from "./commands/replay.js";
import { registerRun } from "./commands/run.js";
import { registerServe } from "./commands/serve.js";
import { registerValidate } from "./commands/validate.js";
import { applyConfigSources, DEFAULT_CONFIG_FILE } from "./config-sources.js";
import { Invocation } from "./invocation.js";

/** A terminal's width; 80 elsewhere (commander's default). */
const widthOf = (stream: CliOutput): number =>
  (stream.isTTY ? (stream as { columns?: number }).columns : undefined) ?? 80;

/**
 * Builds the program for `cli` (`main(argv, io)` runs it; tests that only read its commands and flags may
 * leave `cli` out: the process's io).
 */
export function buildProgram(cli: Invocation = new Invocation(processIo())): Command {
  const { io } = cli;
  const program = new Command("cbcheck")
    .description(
      "Contract conformance, load-test and client-certification harness for the Company Graph Read API (cb/v1).",
    )
    .version(VERSION, "-V, --version")
    .option("--config <file>", `flags from this JSON file (default: ./${DEFAULT_CONFIG_FILE} when present)`)
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => widthOf(io.stdout),
      getErrHelpWidth: () => widthOf(io.stderr),
      getOutHasColors: () => false,
      getErrHasColors: () => false,
    })
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride()
    // Values the command line left unset come from CBCHECK_* variables, then the config file.
    .hook("preAction", async (root, action) => {
      const config = root.opts<{ config?: string }>().config;
      await applyConfigSources(root, action, io.env, config, (path) => cli.path(path));
    });
  registerValidate(program, cli);
  registerServe(program, cli);
  registerRun(program, cli);
  registerLoad(program, cli);
  registerCertifyClient(program, cli);
  registerMerge(program, cli);
  registerCompare(program, cli);
  registerOpenApi(program, cli);
  registerReplay(program, cli);
  registerProxy(program, cli);
  registerMonitor(program, cli);
  return program;
}

/**
 * Refuses an unknown command before commander reads `--help`: commander would print the main help and exit 0
 * for `cbcheck monitor --help`, so a typo would pass a CI step. `args`: the arguments after `cbcheck`.
 * Throws commander's error (exit 2) after printing `error: unknown command 'monitor'`.
 */
export function refuseUnknownCommand(program: Command, args: readonly string[]): void {
  // The first operand is the command; the root's only option with a value is --config <file>.
  let at = 0;
  while (at < args.length && args[at].startsWith("-")) at += args[at] === "--config" ? 2 : 1;
  const name = args[at];
  if (name === undefined || name === "help") return;
  const known = program.commands.some((c) => c.name() === name || c.aliases().includes(name));
  if (!known)
    program.error(`error: unknown command '${name}'`, { exitCode: 2, code: "commander.unknownCommand" });
}
