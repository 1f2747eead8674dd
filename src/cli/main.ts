#!/usr/bin/env node
/**
 * The installed `cbcheck`: `main(argv, io)` with the process's arguments, streams, environment, directory
 * and signals; its result is the exit code.
 */
import { EXIT } from "../errors.js";
import { processIo } from "./cli-io.js";
import { main } from "./cli-main.js";

// A reader that goes away early (`cbcheck run --help | head`) is not an error of ours: stop quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") process.exit(process.exitCode ?? EXIT.pass);
    throw err;
  });
}

main(process.argv.slice(2), processIo()).then((code) => {
  process.exitCode = code;
});
