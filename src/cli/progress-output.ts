/**
 * What the long commands print while they work, on stderr: a cli-progress bar on a terminal only (never in
 * CI logs or files) and event lines (suite started, 429 waits) unless `--quiet`. The lines come redacted from
 * the commands (their hooks redact what they report); here each is kept to one line of visible characters
 * (escapeControls), so that nothing a target sent can move the cursor, clear the screen or forge a line.
 */
import { escapeControls } from "../report/escape.js";
import { createProgress, type Progress } from "../report/progress.js";

/** Where progress goes and whether a bar is drawn. */
export interface ProgressOutput {
  /** Prints one event line (control characters escaped), unless quiet; above the bar when one is drawn. */
  say(line: string): void;
  /** Starts a bar (a TTY and not quiet), else a display that draws nothing. */
  bar(label: string, total: number): Progress;
  /** Ends the current bar. */
  stop(): void;
}

const SILENT: Progress = { update() {}, increment() {}, log() {}, stop() {} };

/** Options of `progressOutput`. */
export interface ProgressOutputSettings {
  quiet: boolean;
  /** The invocation's stderr. */
  stream: NodeJS.WritableStream;
  env?: Readonly<Record<string, string | undefined>>;
}

/** The progress output of one command. */
export function progressOutput(settings: ProgressOutputSettings): ProgressOutput {
  const { stream } = settings;
  const clean = (text: string) => escapeControls(text, true);
  const isTerminal = (stream as { isTTY?: boolean }).isTTY === true && settings.env?.CI !== "true";
  const drawsBar = isTerminal && !settings.quiet;
  let current: Progress | undefined;
  return {
    say(line) {
      if (settings.quiet) return;
      if (current) current.log(clean(line));
      else stream.write(`${clean(line)}\n`);
    },
    bar(label, total) {
      current?.stop();
      if (!drawsBar) return SILENT;
      const bar = createProgress({ label: clean(label), total, stream, isTTY: true });
      current = {
        update: (n, message) => bar.update(n, message === undefined ? undefined : clean(message)),
        increment: () => bar.increment(),
        log: (line) => bar.log(clean(line)),
        stop: () => bar.stop(),
      };
      return current;
    },
    stop() {
      current?.stop();
      current = undefined;
    },
  };
}
