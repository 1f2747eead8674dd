/**
 * Starts the embedded reference server in a worker thread (see embedded-worker.ts). From source (tsx,
 * vitest) the worker registers tsx before loading the TypeScript entry; from the build it loads the
 * compiled JavaScript directly.
 */
import { Worker } from "node:worker_threads";
import { HarnessError } from "../errors.js";
import type { ServerFixtures, ServerKeys, ServerOptions } from "../server/types.js";

/** What the runner needs of the embedded server. */
export interface EmbeddedServer {
  url: string;
  altUrl: string;
  keys: ServerKeys;
  fixtures: ServerFixtures;
  /** Sets the calls allowed per rate window (every window starts afresh); resolves once the server has it. */
  setRateLimit(rateLimit: number, rateWindowMs: number): Promise<void>;
  close(): Promise<void>;
}

type Ready = { ok: true; url: string; altUrl: string; keys: ServerKeys; fixtures: ServerFixtures };

function workerSource(): string {
  const fromSource = import.meta.url.endsWith(".ts");
  const entry = new URL(`./embedded-worker.${fromSource ? "ts" : "js"}`, import.meta.url).href;
  if (!fromSource) return `import(${JSON.stringify(entry)});`;
  // The ESM entry of tsx's API (createRequire would give its CommonJS twin, which cannot register hooks here).
  const tsx = typeof import.meta.resolve === "function" ? import.meta.resolve("tsx/esm/api") : "tsx/esm/api";
  return `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
}

/** Starts the reference server in a worker; throws HarnessError `CB_EMBEDDED_SERVER` when it cannot start. */
export function startEmbeddedServer(options: ServerOptions): Promise<EmbeddedServer> {
  const worker = new Worker(workerSource(), { eval: true, workerData: options });
  return new Promise((resolve, reject) => {
    const fail = (message: string): void => {
      void worker.terminate();
      reject(
        new HarnessError("CB_EMBEDDED_SERVER", `the embedded reference server did not start: ${message}`),
      );
    };
    worker.once("error", (err) => fail(err.message));
    worker.once("exit", (code) => fail(`worker exited with code ${code}`));
    worker.once("message", (msg: Ready | { ok: false; message: string }) => {
      worker.removeAllListeners("exit");
      if (!msg.ok) return fail(msg.message);
      const { url, altUrl, keys, fixtures } = msg;
      resolve({
        url,
        altUrl,
        keys,
        fixtures,
        setRateLimit: (rateLimit, rateWindowMs) =>
          new Promise<void>((done) => {
            worker.once("message", () => done());
            worker.postMessage({ rateLimit, rateWindowMs });
          }),
        close: async () => {
          await worker.terminate();
        },
      });
    });
  });
}
