/**
 * `--metrics-port` of `monitor` and `proxy`: the command's own prom-client registry (never the global one, so
 * that two commands in one process do not share series) served as Prometheus text on `GET /metrics`. Labels
 * hold rule ids, operations, statuses and key hashes — never a key (the proxy labels a client by `k:<hash>`).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Registry } from "prom-client";

/** Where the metrics are served. */
export interface MetricsListen {
  host: string;
  /** 0: any free port (the URL says which). */
  port: number;
}

/** A listening metrics endpoint. */
export interface MetricsServer {
  /** `http://host:port/metrics`. */
  url: string;
  close(): Promise<void>;
}

/** A registry of its own for one command. */
export function newRegistry(): Registry {
  return new Registry();
}

/** Serves `registry` on `GET /metrics` (any other path: 404). */
export async function serveMetrics(registry: Registry, listen: MetricsListen): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (req.method !== "GET" || path !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found: GET /metrics\n");
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { "content-type": registry.contentType }).end(text),
      (err: unknown) => res.writeHead(500).end(`metrics failed: ${(err as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(listen.port, listen.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
