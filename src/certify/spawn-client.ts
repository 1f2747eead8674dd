/**
 * Runs the client command for one scenario: its own process group, the CB_* environment, bounded capture of
 * stdout/stderr, and its whole process tree ended on every way out — its exit, the timeout, an abort (cbcheck
 * got SIGINT/SIGTERM) and cbcheck's own exit.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { ProcessTree, TREE_MARKER_VARIABLE, trackUntilExit } from "./process-tree.js";

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
  /** Aborting it ends the client's whole tree at once (cbcheck got SIGINT or SIGTERM). */
  signal?: AbortSignal;
}

/** What the client process did. */
export interface SpawnOutcome {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** True when `signal` ended the client. */
  aborted: boolean;
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
    const token = randomUUID();
    const child = spawn(request.command, [...request.args], {
      env: { ...request.env, [TREE_MARKER_VARIABLE]: token },
      cwd: request.cwd,
      stdio: ["ignore", "pipe", "pipe"],
      // Own process group: most of the tree is one kill away; the rest is tracked by ProcessTree.
      detached: true,
    });
    const out = capture();
    const err = capture();
    child.stdout.on("data", out.add);
    child.stderr.on("data", err.add);
    const tree =
      child.pid === undefined ? undefined : new ProcessTree(child.pid, `${TREE_MARKER_VARIABLE}=${token}`);
    // cbcheck ending by any path (process.exit included) ends the client first; `exit` handlers run synchronously.
    const tracked = tree ? trackUntilExit(tree) : undefined;
    let timedOut = false;
    let aborted = false;
    let spawnError: string | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      void tree?.killAllAsync();
    }, request.timeoutMs);
    const onAbort = () => {
      aborted = true;
      void tree?.killAllAsync();
    };
    request.signal?.addEventListener("abort", onAbort, { once: true });
    if (request.signal?.aborted) onAbort();
    let exit: { code: number | null; signal: string | null } = { code: null, signal: null };
    let settled = false;
    let exitedAt: number | undefined;
    const finish = async () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.signal?.removeEventListener("abort", onAbort);
      // A leftover descendant (setsid, double fork) must not outlive the scenario.
      await tree?.killAllAndWait();
      tracked?.untrack();
      resolve({
        exitCode: exit.code,
        signal: exit.signal,
        timedOut,
        aborted,
        startedAt,
        endedAt: exitedAt ?? Date.now(),
        stdout: out.text(),
        stderr: err.text(),
        spawnError,
      });
    };
    child.on("error", (error) => {
      spawnError = error.message;
      void finish();
    });
    // On exit, end the rest of the tree too: a leftover grandchild must not hold the pipes open.
    child.on("exit", (code, signal) => {
      exit = { code, signal };
      exitedAt = Date.now();
      void tree?.killAllAsync();
    });
    child.on("close", () => void finish());
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
