/**
 * Worker-thread entry of the embedded reference server: it runs on its own event loop (the second core),
 * so that the server's work does not slow the runner that judges it. Options come in `workerData`; the
 * address, keys and fixtures go back in one message.
 */
import { parentPort, workerData } from "node:worker_threads";
import { startServer } from "../server/index.js";
import type { ServerOptions } from "../server/types.js";

try {
  const server = await startServer(workerData as ServerOptions);
  const { url, altUrl, keys, fixtures } = server;
  parentPort?.postMessage({ ok: true, url, altUrl, keys, fixtures });
} catch (err) {
  parentPort?.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
}
