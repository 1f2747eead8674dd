#!/usr/bin/env node
/**
 * The cbcheck command line: the only place that touches argv, stdout and exit codes.
 */
import { CommanderError } from "commander";
import { EXIT, HarnessError } from "../errors.js";
import { buildProgram } from "./program.js";

// A reader that goes away early (`cbcheck run --help | head`) is not an error of ours: stop quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") process.exit(process.exitCode ?? EXIT.pass);
    throw err;
  });
}

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ").trim();
}

async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === "number" ? process.exitCode : EXIT.pass;
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end here with exit code 0; usage errors were already printed.
      return err.exitCode === 0 ? EXIT.pass : EXIT.usage;
    }
    if (err instanceof HarnessError) {
      // One line, whatever the message quotes (a JSON parse error quotes the input, newlines and all).
      process.stderr.write(`cbcheck: ${oneLine(err.message)} [${err.code}]\n`);
      return EXIT.usage;
    }
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`cbcheck: internal error: ${oneLine(message)}\n`);
    return EXIT.usage;
  }
}

main(process.argv).then((code) => {
  process.exitCode = code;
});
