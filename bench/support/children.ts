/**
 * Spawning bench/proxy.ts's role children (see proxy-roles.ts) and talking to them over their stdio: the ready
 * line, CPU time on demand, the load generator's result, the judged proxy's final account.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface, type Interface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { PacedResult } from "./paced-load.js";
import type { CpuLine, RoleReady } from "./proxy-roles.js";

const ENTRY = fileURLToPath(new URL("../proxy.ts", import.meta.url));

/** A server child: the reference server or one of the proxies. */
export interface ServerChild {
  proc: ChildProcess;
  ready: RoleReady;
  /**
   * The child's CPU time so far (µs): all its threads, and its main (forwarding) thread alone; and a proxy's
   * own time per exchange since the previous call.
   */
  cpu(): Promise<CpuLine>;
  /** SIGTERM, then the child's last JSON line (the judged proxy's account), or undefined. */
  stop(): Promise<unknown>;
}

function start(args: string[], env: NodeJS.ProcessEnv = {}): { proc: ChildProcess; lines: Interface } {
  const proc = spawn(process.execPath, ["--import", "tsx", ENTRY, ...args], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, ...env },
  });
  return { proc, lines: createInterface({ input: proc.stdout! }) };
}

function nextLine(lines: Interface, proc: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`bench child exited with ${code}`));
    proc.once("exit", onExit);
    lines.once("line", (line) => {
      proc.off("exit", onExit);
      resolve(line);
    });
  });
}

/** Starts a server role and waits for its ready line. */
export async function spawnServer(args: string[]): Promise<ServerChild> {
  const { proc, lines } = start(args);
  const ready = JSON.parse(await nextLine(lines, proc)) as RoleReady;
  return {
    proc,
    ready,
    async cpu() {
      const line = nextLine(lines, proc);
      proc.stdin!.write("cpu\n");
      return JSON.parse(await line) as CpuLine;
    },
    async stop() {
      let last: unknown;
      lines.on("line", (line) => {
        last = JSON.parse(line);
      });
      const exited = new Promise((r) => proc.once("exit", r));
      proc.kill("SIGTERM");
      await exited;
      return last;
    },
  };
}

/** Runs one paced phase in its own process and returns its latency figures. */
export async function pacedInChild(
  origin: string,
  path: string,
  key: string,
  rate: number,
  seconds: number,
): Promise<PacedResult> {
  const { proc, lines } = start(["--load", origin, String(rate), String(seconds)], {
    CB_BENCH_KEY: key,
    CB_BENCH_PATH: path,
  });
  return JSON.parse(await nextLine(lines, proc)) as PacedResult;
}
