/**
 * The worker side of `WorkerHost` (worker-host.ts): in a worker started on this module's file, set up once
 * (warm up, lower the thread's priority), say ready, then answer each batch with one reply, in order. A batch
 * whose handler throws ends the worker: the host rejects it (and any other on it) as lost.
 */
import { parentPort, workerData } from "node:worker_threads";
import { WORKER_READY } from "./worker-host.js";
import { lowerThreadPriority } from "./worker-thread.js";

/** How a worker sets itself up. */
export interface ServeOptions {
  /** Work done before ready (compiling the schemas: about a second); a throw here is left to the first batch. */
  warmUp?(): void;
  /** Nice value of the worker thread (`lowerThreadPriority`): the caller's thread wins a shared core. */
  niceness?: number;
}

/** Whether this thread is a worker started on the module `self` (its `import.meta.url`). */
export function isWorkerOf(self: string): boolean {
  return parentPort !== null && (workerData as { entry?: unknown } | null)?.entry === self;
}

/**
 * When this thread is a worker started on `self`, answers each batch with `handle`'s reply; elsewhere (the
 * module imported by the main thread or a test) does nothing.
 */
export function serveBatches<Req, Rep>(
  self: string,
  handle: (batch: Req) => Rep,
  options: ServeOptions = {},
): void {
  if (!isWorkerOf(self) || parentPort === null) return;
  const port = parentPort;
  try {
    options.warmUp?.();
  } catch {
    // A broken setup shows on the first real batch, with its message.
  }
  if (options.niceness !== undefined) lowerThreadPriority(options.niceness);
  port.on("message", (batch: Req) => port.postMessage(handle(batch)));
  port.postMessage(WORKER_READY);
}
