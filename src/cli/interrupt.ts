/**
 * SIGINT/SIGTERM for the long commands: the first signal aborts the command's `signal` (it stops sending,
 * ends its children and writes the reports marked `interrupted`); a second one quits at once with the
 * signal's exit code (130 or 143), for a user who will not wait for the reports.
 */
import { SIGNAL_EXIT, type StopSignal } from "../report/verdict.js";
import type { CliIo } from "./cli-io.js";

/** The interruption watch of one command. */
export interface InterruptWatch {
  /** Aborted at the first SIGINT or SIGTERM. */
  signal: AbortSignal;
  /** The signal received, if any. */
  received(): StopSignal | undefined;
  /** Stops watching: the signals take their default action again. */
  dispose(): void;
}

/**
 * Starts watching SIGINT and SIGTERM of `io`; `say` gets the one line printed when one arrives, and at a second
 * one the line saying that the reports were not written, before `io.exit` ends the process.
 */
export function watchInterrupts(
  io: Pick<CliIo, "signals" | "exit">,
  say: (line: string) => void,
): InterruptWatch {
  const controller = new AbortController();
  let received: StopSignal | undefined;
  const on = (name: StopSignal) => () => {
    if (received !== undefined) {
      // A second signal: the user will not wait for the reports. Never silently: say none were written.
      say(`cbcheck: ${name} received again: quitting at once; the reports were not written`);
      io.exit(SIGNAL_EXIT[received]);
      return;
    }
    received = name;
    say(`cbcheck: ${name} received: stopping, writing the reports (send it again to quit at once)`);
    controller.abort(new Error(`interrupted by ${name}`));
  };
  const onInt = on("SIGINT");
  const onTerm = on("SIGTERM");
  io.signals.on("SIGINT", onInt);
  io.signals.on("SIGTERM", onTerm);
  return {
    signal: controller.signal,
    received: () => received,
    dispose() {
      io.signals.off("SIGINT", onInt);
      io.signals.off("SIGTERM", onTerm);
    },
  };
}
