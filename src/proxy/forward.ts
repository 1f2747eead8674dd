/**
 * The forwarding half of `cbcheck proxy`: every exchange goes to the target unchanged (method, path and
 * query, headers with Authorization, body streamed) over a keep-alive undici Pool (no pipelining), and the
 * target's answer streams back chunk by chunk as it arrives. The forwarding path does only what forwarding
 * needs: it drives undici's dispatch handler directly (no body stream, no promise per exchange), keeps the
 * header lists as they come, and copies bodies (capped) only when someone judges them. The copy is handed to
 * `onExchange` after the response ended; judging never delays the client. A target that resets or stalls gets
 * the client a JSON 502/504.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Transform } from "node:stream";
import { type Dispatcher, errors, Pool } from "undici";
import { BodyCopy } from "./body-copy.js";
import type { Proxied } from "./proxied.js";
import type { RawExchange } from "./raw-exchange.js";
import { HOP } from "./request-facts.js";

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
  /** Receives each finished exchange; absent: nothing is copied (a plain forwarder, for benchmarks). */
  onExchange?(exchange: RawExchange): void;
  /**
   * Benchmarks: the forwarder's own time on each answered exchange (ms), from the request's arrival to its
   * hand-over to the target's connection, and from the target's headers to the end of the client's answer.
   */
  onHop?(requestMs: number, responseMs: number): void;
}

/** A listening forwarder. */
export interface Forwarder {
  /** `http://host:port` the clients call. */
  origin: string;
  close(): Promise<void>;
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

/** The client's headers for the target: all but the hop-by-hop ones, as a flat `name, value, …` list. */
function forwardedHeaders(raw: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2)
    if (!HOP.has(raw[i].toLowerCase())) out.push(raw[i], raw[i + 1]);
  return out;
}

const CLIENT_LEFT = new Error("the client disconnected");
const kExchange = Symbol("exchange");
type TaggedResponse = ServerResponse & { [kExchange]?: ForwardExchange };

/** Shared by every response: no closure per exchange. */
function onClientClose(this: TaggedResponse): void {
  this[kExchange]?.clientClosed();
}

/** One exchange in flight: undici's dispatch handler, writing straight into the client's response. */
class ForwardExchange implements Dispatcher.DispatchHandler {
  abort: ((err?: Error) => void) | undefined;
  resume: (() => void) | undefined;
  done = false;
  clientLeft = false;
  /** `performance.now()` marks for `onHop` (only when it is set). */
  arrivedAt = 0;
  sentAt = 0;
  headersAt = 0;
  readonly copy: BodyCopy | undefined;
  readonly reqCopy: BodyCopy | undefined;
  readonly raw: RawExchange;
  constructor(
    readonly res: TaggedResponse,
    readonly options: ForwardOptions,
    req: IncomingMessage,
    n: number,
  ) {
    const judged = options.onExchange !== undefined;
    this.copy = judged ? new BodyCopy(options.maxBodyBytes) : undefined;
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    this.reqCopy = judged && hasBody ? new BodyCopy(options.maxBodyBytes) : undefined;
    const now = Date.now();
    this.raw = {
      n,
      method: req.method ?? "GET",
      url: req.url ?? "/",
      rawHeaders: req.rawHeaders,
      startedAt: now,
      endedAt: now,
      status: 0,
      responseHeaders: [],
    };
    res[kExchange] = this;
    res.on("close", onClientClose);
  }
  clientClosed(): void {
    if (this.done || this.res.writableFinished) return;
    this.clientLeft = true;
    this.abort?.(CLIENT_LEFT);
  }
  onConnect(abort: (err?: Error) => void): void {
    this.abort = abort;
    if (this.clientLeft) abort(CLIENT_LEFT);
  }
  onHeaders(status: number, rawHeaders: Buffer[], resume: () => void): boolean {
    if (status < 200) return true;
    const headers: string[] = [];
    for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
      const name = rawHeaders[i].toString("latin1");
      if (!HOP.has(name.toLowerCase())) headers.push(name, rawHeaders[i + 1].toString("latin1"));
    }
    this.raw.status = status;
    this.raw.responseHeaders = headers;
    this.resume = resume;
    if (this.options.onHop) this.headersAt = performance.now();
    if (!this.res.destroyed) this.res.writeHead(status, headers);
    return true;
  }
  onData(chunk: Buffer): boolean {
    this.copy?.add(chunk);
    if (this.res.destroyed) return true;
    if (this.res.write(chunk)) return true;
    // Backpressure: undici pauses reading from the target until the client's socket drains.
    if (this.resume) this.res.once("drain", this.resume);
    return false;
  }
  onComplete(): void {
    this.res.end();
    this.options.onHop?.(this.sentAt - this.arrivedAt, performance.now() - this.headersAt);
    this.finish();
  }
  onError(err: Error): void {
    const res = this.res;
    if (this.clientLeft) this.raw.cut = "the client disconnected mid-response";
    else {
      const error = failure(err);
      this.raw.targetError = error;
      if (!res.headersSent && !res.destroyed) {
        const status = error.code === "CB_TIMEOUT" ? 504 : 502;
        const code = status === 504 ? "proxy_target_timeout" : "proxy_target_unreachable";
        const text = JSON.stringify({ error: { code, message: error.message } });
        this.raw.status = status;
        res.writeHead(status, {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(text),
        });
        res.end(text);
      } else res.destroy();
    }
    this.finish();
  }
  finish(): void {
    this.done = true;
    if (this.resume) this.res.off("drain", this.resume);
    this.res[kExchange] = undefined;
    const { raw, copy, reqCopy } = this;
    if (!copy) return;
    raw.endedAt = Date.now();
    raw.responseBody = copy.take();
    if (copy.isCut && raw.cut === undefined) raw.cut = `copy capped at ${copy.cap} bytes`;
    if (reqCopy && reqCopy.kept > 0) raw.body = reqCopy.take();
    this.options.onExchange?.(raw);
  }
}

/** A request body as a stream for undici, with a capped copy taken on the way. */
function tapped(req: IncomingMessage, copy: BodyCopy | undefined): IncomingMessage | Transform {
  if (!copy) return req;
  return req.pipe(
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        copy.add(chunk);
        done(null, chunk);
      },
    }),
  );
}

/** Starts the forwarder; resolves once it listens. */
export async function startForwarder(options: ForwardOptions): Promise<Forwarder> {
  const pool = new Pool(options.origin, {
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    keepAliveTimeout: 10_000,
    pipelining: 1,
  });
  let counter = 0;

  const server: Server = createServer((req, res) => {
    const arrivedAt = options.onHop ? performance.now() : 0;
    const exchange = new ForwardExchange(res, options, req, ++counter);
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    try {
      pool.dispatch(
        {
          path: exchange.raw.url,
          method: exchange.raw.method as Dispatcher.HttpMethod,
          headers: forwardedHeaders(req.rawHeaders),
          body: hasBody ? tapped(req, exchange.reqCopy) : undefined,
        },
        exchange,
      );
      if (options.onHop) {
        exchange.arrivedAt = arrivedAt;
        exchange.sentAt = performance.now();
      }
    } catch (err) {
      exchange.onError(err as Error);
    }
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
      await pool.close();
    },
  };
}
