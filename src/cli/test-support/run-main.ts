/**
 * Runs the command line in-process through its one entry, `main(argv, io)`: stdout and stderr collected as
 * text, a clean environment (no keys but those given), a working directory, stdin and signals of the test's
 * choosing. A child process costs about a second of CPU; this costs none, so flag and error cases run here
 * and only what needs a real process (a real signal, a pipe closed early) spawns the built CLI.
 */
import { EventEmitter } from "node:events";
import { Readable, Writable } from "node:stream";
import type { Clock } from "../../clock.js";
import { SkippingClock } from "../../test-support/clocks.js";
import type { CliIo } from "../cli-io.js";
import { main } from "../cli-main.js";

/** How to run one invocation. */
export interface MainCall {
  /** Over `process.env` with `CI=true` and the default key variables emptied. */
  env?: Record<string, string | undefined>;
  /** Default: the process's working directory. */
  cwd?: string;
  /** What `validate` reads without a FILE; default empty. */
  stdin?: string;
  /** Emit `SIGINT`/`SIGTERM` on it to interrupt the command; default a fresh emitter. */
  signals?: EventEmitter;
  /** Told of every stdout write (to react the moment a line appears). */
  onStdout?: (text: string) => void;
  /** Told of every stderr write. */
  onStderr?: (text: string) => void;
  /** Streams claim to be a terminal (progress bars). */
  isTTY?: boolean;
  /** Default a fresh `SkippingClock`: waits (Retry-After, windows, pacing) take no real time. */
  clock?: Clock;
}

/** What one invocation did. */
export interface MainOutcome {
  code: number;
  stdout: string;
  stderr: string;
  /** Codes `io.exit` was called with (a second signal). */
  exits: number[];
}

function collector(isTTY: boolean, onText: (text: string) => void): Writable & { isTTY?: boolean } {
  const stream = new Writable({
    decodeStrings: false,
    write(chunk, _encoding, done) {
      onText(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      done();
    },
  }) as Writable & { isTTY?: boolean; columns?: number };
  stream.isTTY = isTTY;
  if (isTTY) stream.columns = 120;
  return stream;
}

/** The io of one in-process invocation, and what it collected so far. */
export function testIo(call: MainCall = {}): { io: CliIo; outcome(code: number): MainOutcome } {
  let stdout = "";
  let stderr = "";
  const exits: number[] = [];
  const io: CliIo = {
    stdout: collector(call.isTTY === true, (text) => {
      stdout += text;
      call.onStdout?.(text);
    }),
    stderr: collector(call.isTTY === true, (text) => {
      stderr += text;
      call.onStderr?.(text);
    }),
    stdin: Readable.from(call.stdin === undefined ? [] : [Buffer.from(call.stdin)]),
    env: { ...process.env, CI: "true", CB_API_KEY: "", CB_FREE_API_KEY: "", ...call.env },
    cwd: call.cwd ?? process.cwd(),
    signals: call.signals ?? new EventEmitter(),
    clock: call.clock ?? new SkippingClock(),
    exit: (code) => {
      exits.push(code);
    },
  };
  return { io, outcome: (code) => ({ code, stdout, stderr, exits }) };
}

/** Runs `cbcheck ARGS…` in this process and resolves once the command has ended. */
export async function runMain(args: readonly string[], call: MainCall = {}): Promise<MainOutcome> {
  const { io, outcome } = testIo(call);
  return outcome(await main(args, io));
}
