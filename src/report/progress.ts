/**
 * Progress for long work: a cli-progress bar on a terminal, throttled plain lines elsewhere (CI logs and
 * files get one line per 2 s or per 10 %, never a flood of carriage returns).
 */
import cliProgress from "cli-progress";

/** Options of `createProgress`; only `label` is required. */
export interface ProgressOptions {
  /** Units of work expected; absent when unknown. */
  total?: number;
  label: string;
  /** Default `process.stderr` (stdout stays clean for machine output). */
  stream?: NodeJS.WritableStream;
  /** Draw a bar; default: the stream is a TTY and `CI` is not `true` in `env`. */
  isTTY?: boolean;
  /** The environment, where `CI=true` asks for plain lines; default none. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Minimum time between plain lines; default 2000 ms. */
  intervalMs?: number;
  /** Clock, for tests. */
  now?: () => number;
}

/** A running progress display. */
export interface Progress {
  update(n: number, message?: string): void;
  increment(): void;
  /** Prints a line without breaking the bar. */
  log(line: string): void;
  stop(): void;
}

function defaultIsTTY(stream: NodeJS.WritableStream, env: ProgressOptions["env"] = {}): boolean {
  const isTerminal = (stream as { isTTY?: boolean }).isTTY === true;
  // CI runners often allocate a pseudo-TTY whose log cannot render a redrawn bar.
  return isTerminal && env.CI !== "true";
}

function barProgress(opts: ProgressOptions, stream: NodeJS.WritableStream): Progress {
  const hasTotal = opts.total !== undefined;
  const format = hasTotal
    ? `${opts.label} [{bar}] {value}/{total} {message}`
    : `${opts.label} {value} {message}`;
  const multi = new cliProgress.MultiBar({ stream, format, hideCursor: true, clearOnComplete: false });
  const bar = multi.create(opts.total ?? 0, 0, { message: "" });
  let value = 0;
  const update = (n: number, message?: string) => {
    value = n;
    bar.update(n, message === undefined ? {} : { message });
  };
  return {
    update,
    increment: () => update(value + 1),
    log(line) {
      multi.log(`${line}\n`);
      // cli-progress only flushes logged lines on its next redraw; a stop() before it would drop them.
      multi.update();
    },
    stop() {
      multi.stop();
    },
  };
}

function plainProgress(opts: ProgressOptions, stream: NodeJS.WritableStream): Progress {
  const now = opts.now ?? Date.now;
  const interval = opts.intervalMs ?? 2000;
  let value = 0;
  let message = "";
  let lastAt = Number.NEGATIVE_INFINITY;
  let lastDecile = -1;
  let lastLine = "";
  const decile = (n: number) => (opts.total ? Math.floor((n / opts.total) * 10) : -1);
  const line = () => {
    const count = opts.total
      ? `${value}/${opts.total} (${Math.round((value / opts.total) * 100)}%)`
      : `${value}`;
    return `${opts.label}: ${count}${message ? ` ${message}` : ""}`;
  };
  const emit = () => {
    lastLine = line();
    lastAt = now();
    lastDecile = decile(value);
    stream.write(`${lastLine}\n`);
  };
  const update = (n: number, msg?: string) => {
    value = n;
    if (msg !== undefined) message = msg;
    if (now() - lastAt >= interval || decile(value) > lastDecile) emit();
  };
  return {
    update,
    increment: () => update(value + 1),
    log(text) {
      stream.write(`${text}\n`);
    },
    stop() {
      if (line() !== lastLine) emit();
    },
  };
}

/** Starts a progress display (a bar on a TTY, throttled lines otherwise). */
export function createProgress(opts: ProgressOptions): Progress {
  const stream = opts.stream ?? process.stderr;
  const isTTY = opts.isTTY ?? defaultIsTTY(stream, opts.env);
  return isTTY ? barProgress(opts, stream) : plainProgress(opts, stream);
}
