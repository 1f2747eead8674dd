/**
 * Worker-thread entry of the embedded reference server: it runs on its own event loop (the second core),
 * so that the server's work does not slow the runner that judges it. Options come in `workerData`; the
 * address, keys and fixtures go back in one message. Later messages set the rate window (the runner lifts
 * it for every suite but `rate-limit`); each is acknowledged.
 */
import { parentPort, workerData } from "node:worker_threads";
import { startServer } from "../server/index.js";
import type { ServerOptions } from "../server/types.js";

/** A message from the runner: the calls allowed per rate window from now on. */
export interface SetRateLimit {
  rateLimit: number;
  rateWindowMs: number;
}

try {
  const server = await startServer(workerData as ServerOptions);
  const { url, altUrl, keys, fixtures } = server;
  parentPort?.on("message", (msg: SetRateLimit) => {
    server.setRateLimit(msg.rateLimit, msg.rateWindowMs);
    parentPort?.postMessage({ ok: true, rateLimit: msg.rateLimit });
  });
  parentPort?.postMessage({ ok: true, url, altUrl, keys, fixtures });
} catch (err) {
  parentPort?.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
}
