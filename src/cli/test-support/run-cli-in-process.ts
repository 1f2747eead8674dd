/**
 * The hostile matrix's CLI call in this process, through the one entry `main(argv, io)` (run-main.ts's
 * `testIo`): SIGINT/SIGTERM come from an emitter, sent once `signal.when()` holds (polled every 10 ms) or after
 * `signal.afterMs`; `during` runs beside the command (a proxy's clients). No process start, no TypeScript
 * loader, one shared hostile target per case. `runCli` remains for what needs a real process (memory, real
 * signals: bench/hostile.ts).
 */
import { EventEmitter } from "node:events";
import { main } from "../cli-main.js";
import type { CliOutcome } from "./run-cli-case.js";
import { testIo } from "./run-main.js";

/** One in-process CLI call. */
export interface InProcessCall {
  args: string[];
  /** The environment the command sees (with CI=true; no other keys than these). */
  env?: Record<string, string>;
  /** Interrupt: the signal, sent once `when()` holds (polled every 10 ms) or after `afterMs`. */
  signal?: { name: "SIGINT" | "SIGTERM"; when?: () => boolean; afterMs?: number };
  /** Called once the command runs, with what it printed so far (proxy: its clients start then). */
  during?: (output: { stderr: () => string }) => Promise<void>;
}

/** Runs one CLI call in this process; never throws for what the CLI would exit on. */
export async function runCliInProcess(call: InProcessCall): Promise<CliOutcome> {
  const started = Date.now();
  const signals = new EventEmitter();
  const { io, outcome } = testIo({ ...(call.env ? { env: call.env } : {}), signals });
  let poll: NodeJS.Timeout | undefined;
  if (call.signal) {
    const { name, when, afterMs } = call.signal;
    const send = () => {
      clearInterval(poll);
      signals.emit(name);
    };
    poll = when ? setInterval(() => when() && send(), 10) : setTimeout(send, afterMs ?? 0);
  }
  try {
    const [code] = await Promise.all([
      main(call.args, io),
      call.during?.({ stderr: () => outcome(0).stderr }),
    ]);
    const { stdout, stderr } = outcome(code);
    return { code, signal: null, stdout, stderr, wallMs: Date.now() - started, peakMiB: 0, timedOut: false };
  } finally {
    clearInterval(poll);
  }
}
