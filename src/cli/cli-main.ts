/**
 * The one entry of the command line: `main(argv, io)` parses `argv` (the arguments after `cbcheck`), runs the
 * command with `io` and resolves with the exit code. The installed bin calls it with the process's io
 * (`main.ts`); tests call it in-process with their own streams, environment, directory and signals.
 */
import { CommanderError } from "commander";
import { EXIT, HarnessError } from "../errors.js";
import { escapeControls } from "../report/escape.js";
import type { CliIo } from "./cli-io.js";
import { Invocation } from "./invocation.js";
import { buildProgram, refuseUnknownCommand } from "./program.js";

/** One line of visible characters, whatever the message quotes (a target's body, a file's bytes). */
function oneLine(text: string): string {
  return escapeControls(text.replace(/\s*[\r\n]+\s*/g, " ").trim(), true);
}

/** Runs `cbcheck ARGV…` with `io`; never throws and never exits: the exit code is the result. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const cli = new Invocation(io);
  const program = buildProgram(cli);
  try {
    refuseUnknownCommand(program, argv);
    await program.parseAsync([...argv], { from: "user" });
    return cli.exitCode ?? EXIT.pass;
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end here with exit code 0; usage errors were already printed.
      return err.exitCode === 0 ? EXIT.pass : EXIT.usage;
    }
    if (err instanceof HarnessError) {
      // One line, whatever the message quotes (a JSON parse error quotes the input, newlines and all).
      cli.stderr.write(`cbcheck: ${oneLine(err.message)} [${err.code}]\n`);
      return EXIT.usage;
    }
    const message = err instanceof Error ? err.message : String(err);
    cli.stderr.write(`cbcheck: internal error: ${oneLine(message)}\n`);
    return EXIT.usage;
  }
}
