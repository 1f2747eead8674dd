/**
 * Where the probe worker (probe-worker.ts) starts from. Test support is not built, so its TypeScript source
 * starts under tsx: about 0.35 s of CPU per worker, and worker-host.test.ts starts a dozen. When dist/ holds a
 * build of the sources (`npm test` builds it first), the probe is transpiled once per process to plain
 * JavaScript over the built worker-serve instead, and starts as the shipped workers do (about 0.05 s).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { builtModule } from "../worker-thread.js";
import { toEsmJavaScript } from "./transpile-esm.js";

const SOURCE = new URL("./probe-worker.ts", import.meta.url);
const WORKER_SERVE = new URL("../worker-serve.ts", import.meta.url).href;

let transpiled: string | undefined;

/** The file URL to start the probe worker on: transpiled JavaScript when dist/ is fresh, else its source. */
export function probeEntry(): string {
  const serve = builtModule(WORKER_SERVE);
  if (!serve.endsWith(".js")) return SOURCE.href;
  transpiled ??= transpile(serve);
  return transpiled;
}

function transpile(serve: string): string {
  const source = readFileSync(SOURCE, "utf8").replace('"../worker-serve.js"', JSON.stringify(serve));
  if (!source.includes(serve)) throw new Error("probe-worker.ts no longer imports ../worker-serve.js");
  const js = toEsmJavaScript(source);
  const dir = mkdtempSync(join(tmpdir(), "cbcheck-probe-worker-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, "probe-worker.mjs");
  writeFileSync(file, js);
  return pathToFileURL(file).href;
}
