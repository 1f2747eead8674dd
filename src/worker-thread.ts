/**
 * Starting a worker thread on a module of this package, whether it runs built (`.js`) or from sources under
 * tsx (`.ts`, where the worker must register tsx's loader before it can import TypeScript). Shared by the
 * validation pool of `load`, the judge thread of `proxy` and the judging worker of `run` and `validate`.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { setPriority } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
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
  source: string,
  data: Record<string, unknown>,
  resourceLimits?: ResourceLimits,
): Worker {
  const entry = builtModule(source);
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

/** The package's source root (this file's folder), whose layout dist/ mirrors. */
const SOURCE_ROOT = new URL("./", import.meta.url).href;

/** The dist folder `builtModule` maps source modules into, when tests asked for it. */
let builtModulesDir: string | undefined;

/**
 * Tests only: run the threads and children started from here from their built twins in `dist` (undefined:
 * from their sources). Set by `src/test-support/use-built-modules.ts` when dist/ is newer than every source.
 */
export function runBuiltModulesFrom(dist: string | undefined): void {
  builtModulesDir = dist || undefined;
}

/**
 * Where a module of the sources should run from: its built twin when tests named a dist folder that holds one
 * (`runBuiltModulesFrom`), else itself, so that the threads and children they start skip compiling
 * TypeScript in each (about 0.7 s of CPU a worker); a module not built (test support) still runs under tsx.
 */
export function builtModule(source: string): string {
  const dist = builtModulesDir;
  if (!dist || !source.endsWith(".ts") || !source.startsWith(SOURCE_ROOT)) return source;
  const built = new URL(source.slice(SOURCE_ROOT.length).replace(/\.ts$/, ".js"), pathToFileURL(`${dist}/`));
  return existsSync(fileURLToPath(built)) ? built.href : source;
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
