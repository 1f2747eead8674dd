/**
 * Starts the embedded reference server on the runner's own thread. A run's calls are sequential (the
 * `schema` suite judges one response while the next call is on the wire, nothing more): each call is handed
 * to the server and its response back. On one thread that hand-over wakes no other thread; on this project's
 * machines waking a worker thread through the loopback socket cost more than the server's own work
 * (`bench/deep-runs.ts`, 4,000 runs: 14.3 s on one thread against 19.3 s with the server on a worker).
 */
import { HarnessError } from "../errors.js";
import { startServer } from "../server/index.js";
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

/** Starts the reference server; throws HarnessError `CB_EMBEDDED_SERVER` when it cannot start. */
export async function startEmbeddedServer(options: ServerOptions): Promise<EmbeddedServer> {
  try {
    const server = await startServer(options);
    return {
      url: server.url,
      altUrl: server.altUrl,
      keys: server.keys,
      fixtures: server.fixtures,
      setRateLimit: async (rateLimit, rateWindowMs) => server.setRateLimit(rateLimit, rateWindowMs),
      close: () => server.close(),
    };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new HarnessError("CB_EMBEDDED_SERVER", `the embedded reference server did not start: ${message}`, {
      cause: err,
    });
  }
}
