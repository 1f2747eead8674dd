/**
 * The client's whole process tree, so that it ends with cbcheck: its process group, every descendant seen by
 * PPID while it runs (a `setsid` grandchild leaves the group, and once its parent exits it hangs under PID 1),
 * and every process that carries the run's marker variable in its environment (inherited by descendants, so
 * it finds orphans that escaped the polling). Linux reads `/proc`; elsewhere only the group is killed.
 */
import { readdirSync, readFileSync } from "node:fs";

/** The environment variable whose random value marks the processes of one client run. */
export const TREE_MARKER_VARIABLE = "CBCHECK_CLIENT_RUN";

/** One process as `/proc/<pid>/stat` shows it. */
export interface ProcStat {
  pid: number;
  ppid: number;
  pgid: number;
  /** Start time in clock ticks since boot: with the pid it names one process, not a later reuse of the pid. */
  startTime: string;
  isZombie: boolean;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    return parseStat(pid, readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return undefined;
  }
}

function parseStat(pid: number, text: string): ProcStat {
  // The command name (field 2) may hold spaces and parentheses: fields after it follow the last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return {
    pid,
    ppid: Number(fields[1]),
    pgid: Number(fields[2]),
    startTime: fields[19],
    isZombie: fields[0] === "Z",
  };
}

/**
 * Files read between two turns of the event loop: each `/proc` file is read synchronously (tens of
 * microseconds, where `fs/promises` spends about ten times as much CPU on its open/fstat/read/close round
 * trips), a few dozen at a time, so that a scan blocks the certification servers for well under a millisecond.
 */
const FILES_PER_TURN = 64;

/** The defined results of `read(item)` for every item, giving the event loop a turn every `FILES_PER_TURN`. */
async function readInTurns<T, R>(items: readonly T[], read: (item: T) => R | undefined): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += FILES_PER_TURN) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const item of items.slice(i, i + FILES_PER_TURN)) {
      const result = read(item);
      if (result !== undefined) results.push(result);
    }
  }
  return results;
}

/** All processes, read without blocking the event loop for long (the certification servers share it). */
async function listProcessesAsync(): Promise<ProcStat[]> {
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return [];
  }
  return readInTurns(names, (name) => (/^\d+$/.test(name) ? readStat(Number(name)) : undefined));
}

function listProcesses(): ProcStat[] {
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return [];
  }
  return names.flatMap((name) => (/^\d+$/.test(name) ? (readStat(Number(name)) ?? []) : []));
}

function carriesMarker(pid: number, marker: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, "latin1").split("\0").includes(marker);
  } catch {
    return false;
  }
}

/** Tracks the descendants of one root process and kills them all. */
export class ProcessTree {
  /** pid → start time of every descendant seen so far (the root included). */
  private readonly seen = new Map<number, string>();

  /** `marker` is `TREE_MARKER_VARIABLE=<random value>` as set in the root's environment. */
  constructor(
    private readonly rootPid: number,
    private readonly marker: string,
  ) {
    // Only the root now (one file): a full scan blocks, and the first poll comes soon enough.
    const root = readStat(rootPid);
    if (root) this.seen.set(rootPid, root.startTime);
  }

  /** Records the current descendants from a listing of all processes (call periodically while the root runs). */
  refresh(all: readonly ProcStat[] = listProcesses()): void {
    this.members(all);
  }

  /**
   * Sends SIGKILL to the group, every live descendant ever seen and every marked process; returns how many.
   * Synchronous, for `exit` handlers; elsewhere `killAllAsync` keeps the event loop free.
   */
  killAll(): number {
    const all = listProcesses();
    const marked = this.markerCandidates(all).filter((pid) => carriesMarker(pid, this.marker));
    return this.kill(this.members(all, marked));
  }

  /** `killAll` reading `/proc` without blocking the event loop. */
  async killAllAsync(): Promise<number> {
    const all = await listProcessesAsync();
    const marked = await readInTurns(this.markerCandidates(all), (pid) =>
      carriesMarker(pid, this.marker) ? pid : undefined,
    );
    return this.kill(this.members(all, marked));
  }

  /** Processes that may carry the marker: started no earlier than the root (a descendant starts after it). */
  private markerCandidates(all: readonly ProcStat[]): number[] {
    const rootStart = Number(this.seen.get(this.rootPid) ?? "0");
    return all.filter((p) => !p.isZombie && Number(p.startTime) >= rootStart).map((p) => p.pid);
  }

  private kill(targets: readonly number[]): number {
    try {
      process.kill(-this.rootPid, "SIGKILL");
    } catch {
      // The group is already gone.
    }
    for (const pid of targets) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
    return targets.length;
  }

  /** Kills until nothing of the tree is left alive (a process may fork while it is killed), or `waitMs` passed. */
  async killAllAndWait(waitMs = 2_000): Promise<void> {
    const until = Date.now() + waitMs;
    while ((await this.killAllAsync()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  }

  /** Live members of the tree in `all` (recording new ones), `marked` processes included. */
  private members(all: readonly ProcStat[], marked: readonly number[] = []): number[] {
    const byPid = new Map(all.map((p) => [p.pid, p]));
    const live = new Set<number>();
    const isSame = (p: ProcStat) => this.seen.get(p.pid) === p.startTime;
    const root = byPid.get(this.rootPid);
    if (root && !this.seen.has(root.pid)) this.seen.set(root.pid, root.startTime);
    for (const p of all) if (isSame(p) || p.pgid === this.rootPid) live.add(p.pid);
    // Children of members are members, to any depth (a parent's pid is below or above its child's: iterate).
    for (let grew = true; grew; ) {
      grew = false;
      for (const p of all) {
        if (!live.has(p.pid) && live.has(p.ppid) && p.pid !== process.pid) {
          live.add(p.pid);
          grew = true;
        }
      }
    }
    for (const pid of marked) live.add(pid);
    live.delete(process.pid);
    const result: number[] = [];
    for (const pid of live) {
      const p = byPid.get(pid);
      if (!p) continue;
      if (!this.seen.has(pid)) this.seen.set(pid, p.startTime);
      if (!p.isZombie) result.push(pid);
    }
    return result;
  }
}

/** How often the running clients' descendants are recorded (a setsid grandchild is found by its parent). */
const POLL_MS = 500;

/** Trees of clients running now: one `/proc` scan per tick records them all, and cbcheck's exit ends them all. */
const running = new Set<ProcessTree>();
let poll: NodeJS.Timeout | undefined;

/** Ends every running client's whole tree at once, synchronously: safe in an `exit` or signal handler. */
export function endAllClientTrees(): void {
  for (const tree of running) tree.killAll();
}

/** Registers a running client's tree until `untrack`: polled for descendants, ended if cbcheck exits first. */
export function trackUntilExit(tree: ProcessTree): { untrack: () => void } {
  if (running.size === 0) {
    process.on("exit", endAllClientTrees);
    poll = setInterval(() => {
      void listProcessesAsync().then((all) => {
        for (const t of running) t.refresh(all);
      });
    }, POLL_MS);
    poll.unref();
  }
  running.add(tree);
  return {
    untrack: () => {
      running.delete(tree);
      if (running.size > 0) return;
      process.off("exit", endAllClientTrees);
      clearInterval(poll);
    },
  };
}
