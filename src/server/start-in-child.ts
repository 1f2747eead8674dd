/**
 * The reference server in a child process of its own: `load` uses it so that the server does not share the
 * load generator's event loop (fair numbers on two cores), and `run --embedded-child` so that a server that
 * hangs (a loop that never yields) ends as timeouts of its calls instead of stopping the run: the parent's
 * event loop stays free, and `close` kills a child that no longer answers.
 */
import { type ChildProcess, fork } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { builtModule, siblingModule } from "../worker-thread.js";
import type { ServerFixtures, ServerKeys, ServerOptions } from "./types.js";

/** Where an embedded reference server runs: in the caller's process, or in a child process of its own. */
export type EmbeddedMode = "child" | "in-process";

/** What the parent sends the child (server-child.ts). */
export type ParentMessage =
  | { type: "close" }
  | { type: "set-rate-limit"; rateLimit: number; rateWindowMs: number };

/** The child's first message: where it listens and what it holds. */
interface Ready {
  url: string;
  altUrl: string;
  keys: ServerKeys;
  fixtures: ServerFixtures;
}

/** A reference server running in a child process. */
export interface ChildServer extends Ready {
  /** Sets the calls allowed per rate window; resolves once the child has it, or after `replyMs` without answer. */
  setRateLimit(rateLimit: number, rateWindowMs: number): Promise<void>;
  /** Asks the child to stop; kills it when it has not exited within the grace time. */
  close(): Promise<void>;
}

/** How long the parent waits on the child. */
export interface ChildTimes {
  /** For the child's address after the start (default 30 s). */
  startMs?: number;
  /** For an answer to `setRateLimit` (default 5 s): a hung child shows in the calls that follow. */
  replyMs?: number;
  /** Between asking the child to close and killing it (default 5 s). */
  closeGraceMs?: number;
}

/** Why the child did not start; the caller wraps it in its own harness error. */
export class ChildStartError extends Error {}

/**
 * Forks server-child.ts with the same loader as this module (tsx under sources, none when built). The options
 * go as JSON, so a `clock` stays behind: a child runs on its own system clock (a test that shares a fake clock
 * with the server serves it in-process).
 */
function forkChild({ clock: _inThisProcessOnly, ...options }: ServerOptions): ChildProcess {
  const file = fileURLToPath(builtModule(siblingModule(import.meta.url, "server-child")));
  // Resolved from here, not from the working directory, so that cbcheck runs from anywhere.
  const tsx = () => pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return fork(file, [JSON.stringify(options)], {
    execArgv: file.endsWith(".ts") ? ["--import", tsx()] : [],
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
}

/** Resolves with the child's first message, or rejects with ChildStartError (and kills it). */
function awaitReady(child: ChildProcess, startMs: number): Promise<Ready> {
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000);
  });
  return new Promise<Ready>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new ChildStartError(`${why}${stderr ? `: ${stderr.trim().split("\n").pop()}` : ""}`));
    };
    const timer = setTimeout(() => fail(`did not start within ${startMs / 1000} s`), startMs);
    child.once("message", (m) => {
      clearTimeout(timer);
      child.removeAllListeners("exit");
      resolve(m as Ready);
    });
    child.once("exit", (code) => fail(`exited with code ${code}`));
    child.once("error", (err) => fail(err.message));
  });
}

/** Starts the reference server with `options` in a child process. */
export async function startServerInChild(
  options: ServerOptions,
  times: ChildTimes = {},
): Promise<ChildServer> {
  const child = forkChild(options);
  // A parent that exits (or is ended) takes the child with it, even one that no longer reads its messages.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  let ready: Ready;
  try {
    ready = await awaitReady(child, times.startMs ?? 30_000);
  } catch (err) {
    process.removeListener("exit", killOnExit);
    throw err;
  }
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  return {
    ...ready,
    setRateLimit: (rateLimit, rateWindowMs) =>
      new Promise<void>((resolve) => {
        if (!child.connected) return resolve();
        const done = () => {
          clearTimeout(timer);
          child.removeListener("message", onMessage);
          resolve();
        };
        const onMessage = (m: { type?: string }) => {
          if (m.type === "rate-limit-set") done();
        };
        const timer = setTimeout(done, times.replyMs ?? 5000);
        child.on("message", onMessage);
        child.send({ type: "set-rate-limit", rateLimit, rateWindowMs } satisfies ParentMessage);
      }),
    close: async () => {
      const timer = setTimeout(() => child.kill("SIGKILL"), times.closeGraceMs ?? 5000);
      if (child.connected) child.send({ type: "close" } satisfies ParentMessage);
      await exited;
      clearTimeout(timer);
      process.removeListener("exit", killOnExit);
    },
  };
}
