/**
 * The forwarding half of `cbcheck proxy`: every exchange goes to the target unchanged (method, path and
 * query, headers with Authorization, body streamed) over keep-alive connections, and the target's answer
 * streams back at once. A copy (capped) of each side is handed to `onExchange` after the response ended, so
 * judging never delays the client. A target that resets or stalls gets the client a JSON 502/504.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Agent, errors } from "undici";
import { bearerCredential, keyHash } from "./key-hash.js";
import type { Proxied } from "./proxied.js";

/** Hop-by-hop headers (RFC 9110 7.6.1) are the connection's, not the exchange's: never forwarded. */
const HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "expect",
  "host",
]);

/** How the forwarder runs. */
export interface ForwardOptions {
  /** Target origin, e.g. `http://127.0.0.1:8080`. */
  origin: string;
  host: string;
  port: number;
  /** Time allowed for the target's headers, and between two body chunks. */
  timeoutMs: number;
  /** Bytes of each body copied for judging (the client always gets the whole body). */
  maxBodyBytes: number;
  onExchange(exchange: Proxied): void;
}

/** A listening forwarder. */
export interface Forwarder {
  /** `http://host:port` the clients call. */
  origin: string;
  close(): Promise<void>;
}

function plainHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined || HOP.has(name.toLowerCase())) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

/** A pass-through stream that keeps the first `cap` bytes. */
function copier(cap: number): { tap: Transform; bytes(): Buffer; cut(): boolean } {
  const chunks: Buffer[] = [];
  let kept = 0;
  let cut = false;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (kept < cap) {
        const part = chunk.length <= cap - kept ? chunk : chunk.subarray(0, cap - kept);
        chunks.push(part);
        kept += part.length;
      }
      if (kept >= cap && chunk.length > 0) cut ||= kept + chunk.length > cap;
      done(null, chunk);
    },
  });
  return { tap, bytes: () => Buffer.concat(chunks), cut: () => cut };
}

function keyInQuery(url: string, key: string | undefined): string[] {
  if (key === undefined) return [];
  const query = new URL(url, "http://x").searchParams;
  return [...query.entries()].filter(([, value]) => value.includes(key)).map(([name]) => name);
}

/** `url` with the key (raw or percent-encoded) replaced by `<redacted>`. */
function redactKey(url: string, key: string | undefined): string {
  if (key === undefined) return url;
  return url.split(key).join("<redacted>").split(encodeURIComponent(key)).join("<redacted>");
}

function failure(err: unknown): NonNullable<Proxied["targetError"]> {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof errors.HeadersTimeoutError || err instanceof errors.BodyTimeoutError)
    return { code: "CB_TIMEOUT", message: `the target did not answer in time (${message})` };
  const code = (err as { code?: string }).code;
  if (code === "ECONNREFUSED")
    return { code: "CB_CONNECT", message: `cannot connect to the target (${message})` };
  return { code: "CB_RESET", message: `the target broke the connection (${message})` };
}

/** Starts the forwarder; resolves once it listens. */
export async function startForwarder(options: ForwardOptions): Promise<Forwarder> {
  const agent = new Agent({
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    keepAliveTimeout: 10_000,
  });
  let counter = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = Date.now();
    const n = ++counter;
    const url = req.url ?? "/";
    const key = bearerCredential(req.headers.authorization);
    const headers = plainHeaders(req.headers);
    const recorded: Proxied = {
      n,
      keyHash: keyHash(key),
      method: req.method ?? "GET",
      // A key sent in the query too (a client-rule violation) never reaches the report.
      url: redactKey(url, key),
      headers: key === undefined ? headers : { ...headers, authorization: "Bearer <redacted>" },
      body: "",
      keyInQuery: keyInQuery(url, key),
      startedAt,
      endedAt: startedAt,
      status: 0,
      responseHeaders: {},
      responseBody: Buffer.alloc(0),
    };
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const reqCopy = copier(options.maxBodyBytes);
    const body = hasBody ? req.pipe(reqCopy.tap).pipe(new PassThrough()) : undefined;
    try {
      const answer = await agent.request({
        origin: options.origin,
        path: url,
        method: recorded.method as "GET",
        headers,
        body,
      });
      recorded.status = answer.statusCode;
      recorded.responseHeaders = plainHeaders(answer.headers);
      res.writeHead(answer.statusCode, recorded.responseHeaders);
      const resCopy = copier(options.maxBodyBytes);
      let clientLeft = false;
      // Registered before pipeline's own listener: sees whether the target had already failed.
      res.once("close", () => {
        clientLeft = !res.writableFinished && !answer.body.errored;
      });
      try {
        await pipeline(answer.body, resCopy.tap, res);
      } catch (err) {
        // The client left (its loss, not a finding) or the target broke mid-body (a finding).
        if (clientLeft) recorded.cut = "the client disconnected mid-response";
        else recorded.targetError = failure(err);
        res.destroy();
      }
      recorded.responseBody = resCopy.bytes();
      if (resCopy.cut()) recorded.cut = `copy capped at ${options.maxBodyBytes} bytes`;
    } catch (err) {
      recorded.targetError = failure(err);
      const status = recorded.targetError.code === "CB_TIMEOUT" ? 504 : 502;
      const text = JSON.stringify({
        error: {
          code: status === 504 ? "proxy_target_timeout" : "proxy_target_unreachable",
          message: recorded.targetError.message,
        },
      });
      recorded.status = status;
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(status, {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(text),
        });
        res.end(text);
      } else res.destroy();
    }
    recorded.body = reqCopy.bytes().toString("utf8");
    recorded.endedAt = Date.now();
    // Judged after the client has its answer: off the forwarding path.
    setImmediate(() => options.onExchange(recorded));
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    origin: `http://${host}:${address.port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await agent.close();
    },
  };
}
