/**
 * Runs `cbcheck monitor` in-process (`main(argv, io)`) against a test server and lets a test wait for what it
 * prints: its events (stdout, one JSON line each) and its lines (stderr), with the metrics URL it serves.
 */
import { EventEmitter } from "node:events";
import { type MainOutcome, runMain } from "../../cli/test-support/run-main.js";
import type { Clock } from "../../clock.js";
import type { MonitorEvent } from "../events.js";

/** A monitor running in this process. */
export interface MonitorProcess {
  events: MonitorEvent[];
  lines: string[];
  /** Resolves once `check` holds (checked after every output). */
  until(check: () => boolean): Promise<void>;
  /** The metrics URL, once printed. */
  metricsUrl(): Promise<string>;
  /** Sends SIGINT or SIGTERM. */
  signal(name: "SIGINT" | "SIGTERM"): void;
  done: Promise<MainOutcome>;
}

/** Starts `cbcheck monitor ARGS…` with `env` and `clock`. */
export function startMonitor(
  args: readonly string[],
  env: Record<string, string>,
  clock: Clock,
): MonitorProcess {
  const events: MonitorEvent[] = [];
  const lines: string[] = [];
  const waiters = new Set<{ check: () => boolean; resolve: () => void }>();
  const wake = () => {
    for (const w of waiters)
      if (w.check()) {
        waiters.delete(w);
        w.resolve();
      }
  };
  let partial = "";
  const signals = new EventEmitter();
  const done = runMain(["monitor", ...args], {
    env,
    clock,
    signals,
    onStdout: (text) => {
      partial += text;
      const parts = partial.split("\n");
      partial = parts.pop() ?? "";
      for (const line of parts) if (line.trim()) events.push(JSON.parse(line) as MonitorEvent);
      wake();
    },
    onStderr: (text) => {
      lines.push(...text.split("\n").filter((l) => l !== ""));
      wake();
    },
  });
  const until = (check: () => boolean) =>
    check()
      ? Promise.resolve()
      : Promise.race([
          new Promise<void>((resolve) => waiters.add({ check, resolve })),
          done.then((outcome) => {
            if (!check())
              throw new Error(`the monitor ended (exit ${outcome.code}) first:\n${outcome.stderr}`);
          }),
        ]);
  const urlLine = () => lines.find((l) => l.includes("metrics on "));
  return {
    events,
    lines,
    until,
    async metricsUrl() {
      await until(() => urlLine() !== undefined);
      return (urlLine() ?? "").split("metrics on ")[1].trim();
    },
    signal: (name) => signals.emit(name),
    done,
  };
}

/** Lines saying a cycle ended (`cycle N complete` or `incomplete`). */
export const cyclesEnded = (lines: readonly string[]): number =>
  lines.filter((l) => / cycle \d+ (complete|incomplete):/.test(l)).length;
