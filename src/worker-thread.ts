/**
 * Starting a worker thread on a module of this package, whether it runs built (`.js`) or from sources under
 * tsx (`.ts`, where the worker must register tsx's loader before it can import TypeScript). Shared by the
 * validation pool of `load`, the judge thread of `proxy` and the judging worker of `run` and `validate`.
 */
import { createRequire } from "node:module";
import { setPriority } from "node:os";
import { pathToFileURL } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";

const BOOT = `const { workerData } = require("node:worker_threads");
(async () => {
  if (workerData.tsxApi) (await import(workerData.tsxApi)).register();
  await import(workerData.entry);
})().catch((e) => { setImmediate(() => { throw e; }); });`;

/**
 * Starts `entry` (a file URL of a `.ts` or `.js` module) in a new worker thread with `data` as its workerData,
 * under `resourceLimits` when given (a heap cap: the worker ends with ERR_WORKER_OUT_OF_MEMORY past it).
 */
export function startWorkerThread(
  entry: string,
  data: Record<string, unknown>,
  resourceLimits?: ResourceLimits,
): Worker {
  const tsxApi = entry.endsWith(".ts")
    ? pathToFileURL(
        createRequire(import.meta.url)
          .resolve("tsx")
          .replace(/loader\.mjs$/, "esm/api/index.mjs"),
      ).href
    : undefined;
  return new Worker(BOOT, {
    eval: true,
    workerData: { ...data, entry, tsxApi },
    ...(resourceLimits ? { resourceLimits } : {}),
  });
}

/** The file URL of `sibling` (a module name without extension) next to `self` (an `import.meta.url`). */
export function siblingModule(self: string, sibling: string): string {
  return self.replace(/[^/]+\.(ts|js)$/, `${sibling}.$1`);
}

/**
 * Lowers the calling thread's priority to `niceness` (Linux keeps a nice value per thread), so that a worker
 * that judges beside a busier thread never preempts it when both want the same core. Ignored where it is not
 * permitted (some containers, other systems): the worker then competes as an equal.
 */
export function lowerThreadPriority(niceness: number): void {
  try {
    setPriority(0, niceness);
  } catch {
    // See above: not permitted here.
  }
}
