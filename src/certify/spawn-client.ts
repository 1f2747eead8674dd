/**
 * Runs the client command for one scenario: its own process group, the CB_* environment, bounded capture of
 * stdout/stderr, and a timeout that kills the whole process tree.
 */
import { spawn } from "node:child_process";

/** Bytes kept of each of stdout and stderr; beyond that output is dropped (and said so). */
const MAX_CAPTURE_CHARS = 4 * 1024 * 1024;

/** How to run the client once. */
export interface SpawnRequest {
  command: string;
  args: readonly string[];
  /** The client's whole environment (nothing else is inherited). */
  env: Readonly<Record<string, string | undefined>>;
  timeoutMs: number;
  cwd?: string;
  /** Aborted when cbcheck is interrupted: the client's tree is ended at once. */
  signal?: AbortSignal;
}

/** What the client process did. */
export interface SpawnOutcome {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  startedAt: number;
  endedAt: number;
  stdout: string;
  stderr: string;
  /** Set when the process could not be started at all (e.g. ENOENT). */
  spawnError?: string;
}

/** Starts the command and resolves when it has exited (or was killed at the timeout). */
export function spawnClient(request: SpawnRequest): Promise<SpawnOutcome> {
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const child = spawn(request.command, [...request.args], {
      env: { ...request.env },
      cwd: request.cwd,
      stdio: ["ignore", "pipe", "pipe"],
      // Own process group, so the timeout can end the client and everything it started.
      detached: true,
    });
    const out = capture();
    const err = capture();
    child.stdout.on("data", out.add);
    child.stderr.on("data", err.add);
    let timedOut = false;
    let spawnError: string | undefined;
    const killTree = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // The group is already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killTree();
    }, request.timeoutMs);
    request.signal?.addEventListener("abort", killTree, { once: true });
    if (request.signal?.aborted) killTree();
    let exit: { code: number | null; signal: string | null } = { code: null, signal: null };
    let settled = false;
    let exitedAt: number | undefined;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.signal?.removeEventListener("abort", killTree);
      killTree();
      const stdout = out.text();
      const stderr = err.text();
      resolve({
        exitCode: exit.code,
        signal: exit.signal,
        timedOut,
        startedAt,
        endedAt: exitedAt ?? Date.now(),
        stdout,
        stderr,
        spawnError,
      });
    };
    child.on("error", (error) => {
      spawnError = error.message;
      finish();
    });
    // On exit, end the rest of the tree too: a leftover grandchild must not hold the pipes open.
    child.on("exit", (code, signal) => {
      exit = { code, signal };
      exitedAt = Date.now();
      killTree();
    });
    child.on("close", finish);
  });
}

function capture() {
  const chunks: string[] = [];
  let size = 0;
  let dropped = 0;
  return {
    add: (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      if (size + text.length > MAX_CAPTURE_CHARS) {
        dropped += text.length;
        return;
      }
      chunks.push(text);
      size += text.length;
    },
    text: () => chunks.join("") + (dropped > 0 ? `\n[cbcheck: ${dropped} more characters not kept]\n` : ""),
  };
}
