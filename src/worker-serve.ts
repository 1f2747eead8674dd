/**
 * The worker side of `WorkerHost` (worker-host.ts): in a worker started on a module, set up once (warm up,
 * lower the thread's priority), say ready, then answer each batch with one reply, in order. A batch whose
 * handler throws ends the worker: the host rejects it (and any other on it) as lost.
 */
import { parentPort, workerData } from "node:worker_threads";
import { WORKER_READY } from "./worker-host.js";
import { lowerThreadPriority } from "./worker-thread.js";

/** How a worker runs. */
export interface ServeOptions {
  /** Nice value of the worker thread, set after `setup` (`lowerThreadPriority`): the caller wins a shared core. */
  niceness?: number;
}

/** Whether this thread is a worker started on the module `self` (its `import.meta.url`). */
export function isWorkerOf(self: string): boolean {
  return parentPort !== null && (workerData as { entry?: unknown } | null)?.entry === self;
}

/**
 * When this thread is a worker started on `self`: runs `setup` with its `workerData` (warming up: readying the
 * schemas' validators), says ready, then answers each batch with the handler `setup` returned.
 * Elsewhere (the module imported by the main thread or a test) does nothing. A throw in `setup` ends the worker
 * before it is ready (`WorkerHost.ready` rejects with its message).
 */
export function serveBatches<Req, Rep>(
  self: string,
  setup: (data: Record<string, unknown>) => (batch: Req) => Rep,
  options: ServeOptions = {},
): void {
  if (!isWorkerOf(self) || parentPort === null) return;
  const port = parentPort;
  const handle = setup(workerData as Record<string, unknown>);
  if (options.niceness !== undefined) lowerThreadPriority(options.niceness);
  port.on("message", (batch: Req) => port.postMessage(handle(batch)));
  port.postMessage(WORKER_READY);
}
