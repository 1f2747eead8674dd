/**
 * Test helper: one busy process per core, stopped (SIGSTOP) until a test lets them run (SIGCONT), so that
 * the cores are starved while a measurement runs and the test files running beside this one are not starved
 * for the rest of the time. Their CPU time is read from `/proc`, to show that they did compete.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

/** Clock ticks per second of `/proc/<pid>/stat` (USER_HZ, 100 on every Linux build that runs Node). */
const TICKS_PER_SECOND = 100;

/** Busy processes, one per core; stopped except between `run` and `pause`, and never after `starving`. */
export class CpuHogs {
  /** When the hogs were last let run (`performance.now()`), while they run. */
  private runningSince: number | undefined;
  private ranMs = 0;

  private constructor(private readonly hogs: readonly ChildProcess[]) {}

  /** Starts one hog per core, waits until each is spinning, then stops them all. */
  static async start(count = availableParallelism()): Promise<CpuHogs> {
    const hogs = Array.from({ length: count }, () =>
      spawn(process.execPath, ["-e", 'process.stdout.write("spinning\\n"); for (;;);'], {
        stdio: ["ignore", "pipe", "ignore"],
      }),
    );
    await Promise.all(hogs.map((hog) => once(hog.stdout!, "data")));
    const started = new CpuHogs(hogs);
    started.signal("SIGSTOP");
    return started;
  }

  /** Lets the hogs spin (SIGCONT). */
  run(): void {
    if (this.runningSince !== undefined) return;
    this.runningSince = performance.now();
    this.signal("SIGCONT");
  }

  /** Stops the hogs (SIGSTOP). */
  pause(): void {
    if (this.runningSince === undefined) return;
    this.signal("SIGSTOP");
    this.ranMs += performance.now() - this.runningSince;
    this.runningSince = undefined;
  }

  /** Runs `body` (which calls `run` and `pause` where starving begins and ends) and stops the hogs after it. */
  async starving<T>(body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } finally {
      this.pause();
    }
  }

  /** Seconds the hogs have been let run so far. */
  ranSeconds(): number {
    return (
      (this.ranMs + (this.runningSince === undefined ? 0 : performance.now() - this.runningSince)) / 1000
    );
  }

  /** CPU seconds (user + system) the hogs have used so far; undefined where `/proc` cannot be read. */
  cpuSeconds(): number | undefined {
    try {
      let ticks = 0;
      for (const hog of this.hogs) {
        const stat = readFileSync(`/proc/${hog.pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        ticks += Number(fields[11]) + Number(fields[12]);
      }
      return ticks / TICKS_PER_SECOND;
    } catch {
      return undefined;
    }
  }

  /** Kills the hogs (stopped ones too). */
  kill(): void {
    this.signal("SIGKILL");
  }

  private signal(name: NodeJS.Signals): void {
    for (const hog of this.hogs) if (hog.exitCode === null && hog.signalCode === null) hog.kill(name);
  }
}
