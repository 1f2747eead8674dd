/**
 * The cbcheck program: every command registered on one commander instance.
 */
import { Command } from "commander";
import { VERSION } from "../version.js";
import { registerCertifyClient } from "./commands/certify-client.js";
import { registerCompare } from "./commands/compare.js";
import { registerLoad } from "./commands/load.js";
import { registerMerge } from "./commands/merge.js";
import { registerOpenApi } from "./commands/openapi.js";
import { registerReplay } from "./commands/replay.js";
import { registerRun } from "./commands/run.js";
import { registerServe } from "./commands/serve.js";
import { registerValidate } from "./commands/validate.js";
import { applyConfigSources, DEFAULT_CONFIG_FILE } from "./config-sources.js";

/** Builds the program; exported so tests can drive it without a child process. */
export function buildProgram(): Command {
  const program = new Command("cbcheck")
    .description(
      "Contract conformance, load-test and client-certification harness for the Company Graph Read API (cb/v1).",
    )
    .version(VERSION, "-V, --version")
    .option("--config <file>", `flags from this JSON file (default: ./${DEFAULT_CONFIG_FILE} when present)`)
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride()
    // Values the command line left unset come from CBCHECK_* variables, then the config file.
    .hook("preAction", (root, action) => {
      applyConfigSources(root, action, process.env, root.opts<{ config?: string }>().config);
    });
  registerValidate(program);
  registerServe(program);
  registerRun(program);
  registerLoad(program);
  registerCertifyClient(program);
  registerMerge(program);
  registerCompare(program);
  registerOpenApi(program);
  registerReplay(program);
  return program;
}
