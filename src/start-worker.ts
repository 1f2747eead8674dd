/**
 * Starts a worker thread on a module of this package, from the built `.js` files or, under tsx (tests,
 * benchmarks), from the `.ts` sources: a worker thread does not inherit the parent's loader, so it
 * registers tsx's API before it imports the entry.
 */
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";

// An eval'd CommonJS stub: it can register the loader before the (ESM, maybe TypeScript) entry is imported.
const BOOT = `const { workerData } = require("node:worker_threads");
(async () => {
  if (workerData.tsxApi) (await import(workerData.tsxApi)).register();
  await import(workerData.entry);
})().catch((e) => { setImmediate(() => { throw e; }); });`;

/**
 * Starts `fileName` (e.g. `validation-worker`, no extension) from the directory of `beside` (the caller's
 * `import.meta.url`), with `data` merged into its `workerData`.
 */
export function startModuleWorker(
  beside: string,
  fileName: string,
  data: Record<string, unknown>,
  resourceLimits?: ResourceLimits,
): Worker {
  const self = fileURLToPath(beside);
  const ext = self.endsWith(".ts") ? "ts" : "js";
  const entry = pathToFileURL(self.replace(/[^/\\]+\.(ts|js)$/, `${fileName}.${ext}`)).href;
  const tsxApi =
    ext === "ts"
      ? pathToFileURL(
          createRequire(beside)
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
