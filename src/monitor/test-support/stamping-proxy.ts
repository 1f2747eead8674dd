/**
 * A loopback forwarder in front of a test server that stamps every request with the time of the monitor's
 * clock, so a test can count the calls the server saw in any hour of that clock (the reference server's own
 * trace keeps real time).
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { request } from "undici";
import type { Clock } from "../../clock.js";

/** One request the forwarder saw. */
export interface Stamp {
  at: number;
  url: string;
  status?: number;
  retryAfter?: string;
}

/** A started forwarder. */
export interface StampingProxy {
  /** `http://127.0.0.1:PORT`: append `/v1` or `/api/v1`. */
  origin: string;
  /** Each request: the clock's time at its arrival, its path, and once answered its status and Retry-After. */
  stamps: Stamp[];
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length > 0 ? Buffer.concat(chunks) : undefined;
}

/** Forwards every request to `targetOrigin` unchanged, stamping it on `clock`. */
export async function startStampingProxy(targetOrigin: string, clock: Clock): Promise<StampingProxy> {
  const stamps: StampingProxy["stamps"] = [];
  const server = createServer((req, res) => {
    const stamp: Stamp = { at: clock.now(), url: req.url ?? "" };
    stamps.push(stamp);
    const headers = { ...req.headers };
    delete headers.host;
    delete headers.connection;
    bodyOf(req)
      .then((body) =>
        request(`${targetOrigin}${req.url}`, {
          method: req.method as "GET",
          headers,
          ...(body ? { body } : {}),
        }),
      )
      .then(async (answer) => {
        const text = Buffer.from(await answer.body.arrayBuffer());
        stamp.status = answer.statusCode;
        const retryAfter = answer.headers["retry-after"];
        if (typeof retryAfter === "string") stamp.retryAfter = retryAfter;
        const out = { ...answer.headers };
        delete out["transfer-encoding"];
        delete out.connection;
        res.writeHead(answer.statusCode, out).end(text);
      })
      .catch(() => res.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stamps,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The most calls among `stamps` in any window of `windowMs` ending at a call. */
export function mostInAnyWindow(stamps: readonly { at: number }[], windowMs: number): number {
  const times = stamps.map((s) => s.at).sort((a, b) => a - b);
  let most = 0;
  let from = 0;
  for (let i = 0; i < times.length; i++) {
    while (times[from] <= times[i] - windowMs) from++;
    most = Math.max(most, i - from + 1);
  }
  return most;
}
