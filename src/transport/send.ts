/**
 * Sends one request and records an `Exchange`. It never retries (a check decides what a 429 or 503 means),
 * caps the body size, bounds the time, and turns every failure into data: a hostile target gives an
 * exchange with `transportError` or `response.bodyError`, never a throw and never a hang. Only this process
 * running out of memory throws (`CB_OUT_OF_MEMORY`): that is no outcome of the target's.
 */
import { Pool } from "undici";
import { HarnessError } from "../errors.js";
import type { ExtraHeader } from "../extra-headers.js";
import { decodeBody } from "./decode-body.js";
import { decodeCodedBody } from "./decode-coding.js";
import { dispatchCapped } from "./dispatch-capped.js";
import type { Exchange, OperationId, RecordedRequest } from "./exchange.js";
import { isOutOfMemory, toTransportFailure } from "./failure-codes.js";
import { lazyResponse } from "./lazy-body.js";

/** What to put on the wire. The key travels here and is never recorded. */
export interface WireRequest {
  operation: OperationId;
  method: string;
  /** Base URL including its path prefix, e.g. `http://127.0.0.1:8080/v1`. */
  baseUrl: string;
  /** Path relative to the base URL, already percent-encoded, starting with `/`. */
  path: string;
  query?: Record<string, string>;
  /** Parameters of `query` sent twice (same value). */
  repeated?: readonly string[];
  /** The query string exactly as sent (without `?`), instead of `query` and `repeated`. */
  rawQuery?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The bearer credential; absent sends no `Authorization` header. */
  apiKey?: string;
  /** The environment variable the key came from, recorded (and shown in curl lines) instead of the key. */
  keyEnv?: string;
}

/** Limits of one request. */
export interface SendLimits {
  /** Whole-request timeout: from send to the last body byte. */
  timeoutMs: number;
  /** Bodies larger than this are cut and reported as `CB_BODY_TOO_LARGE`. */
  maxBodyBytes: number;
  /** Outer abort (the run's deadline). */
  signal?: AbortSignal;
  /**
   * Leave the uncoded body of a 200 undecoded until something reads it (lazy-body.ts). Other statuses are
   * decoded at once: the runner reads their bodies itself (error codes, 429 handling).
   */
  lazyBody?: boolean;
}

/** One undici Pool per origin, so that connections are reused and closed together. */
export class Transport {
  readonly #pools = new Map<string, Pool>();

  constructor(
    readonly limits: Omit<SendLimits, "signal"> & {
      connections?: number;
      /** Told every exchange as it completes (HAR export). */
      onExchange?: (exchange: Exchange) => void;
      /** Headers every request carries (`--header`) unless it sets its own (secret ones: see `record`). */
      extraHeaders?: readonly ExtraHeader[];
    },
  ) {}

  /** The pool of an origin, created on first use. */
  pool(origin: string): Pool {
    let pool = this.#pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: this.limits.connections ?? 16,
        headersTimeout: this.limits.timeoutMs,
        bodyTimeout: this.limits.timeoutMs,
      });
      this.#pools.set(origin, pool);
    }
    return pool;
  }

  /** Sends one request; see `sendExchange`. `lazyBody`: see `SendLimits`. */
  async send(request: WireRequest, signal?: AbortSignal, lazyBody = false): Promise<Exchange> {
    const exchange = await sendExchange(this, request, { ...this.limits, signal, lazyBody });
    this.limits.onExchange?.(exchange);
    return exchange;
  }

  /** Destroys every pool (does not wait for targets that never answer). */
  async close(): Promise<void> {
    const pools = [...this.#pools.values()];
    this.#pools.clear();
    await Promise.allSettled(pools.map((p) => p.destroy()));
  }
}

const prefixes = new Map<string, { origin: string; prefix: string }>();

/** The origin and path prefix of a base URL (parsed once per base URL: this is on the hot path). */
function splitBaseUrl(baseUrl: string): { origin: string; prefix: string } {
  let split = prefixes.get(baseUrl);
  if (!split) {
    const url = new URL(baseUrl);
    split = { origin: url.origin, prefix: url.pathname.replace(/\/+$/, "") };
    prefixes.set(baseUrl, split);
  }
  return split;
}

/**
 * Builds `path?query` relative to the origin, keeping the base URL's path prefix; the parameters named in
 * `repeated` are written twice; a `rawQuery` is written as it is instead.
 */
export function buildPath(
  baseUrl: string,
  path: string,
  query?: Record<string, string>,
  repeated?: readonly string[],
  rawQuery?: string,
): string {
  if (rawQuery !== undefined) return `${splitBaseUrl(baseUrl).prefix}${path}?${rawQuery}`;
  let qs = "";
  for (const k in query) {
    const pair = `${encodeURIComponent(k)}=${encodeURIComponent(query[k])}`;
    qs += `${qs ? "&" : "?"}${pair}`;
    if (repeated?.includes(k)) qs += `&${pair}`;
  }
  return `${splitBaseUrl(baseUrl).prefix}${path}${qs}`;
}

/** The absolute URL of a request as sent: the base URL's origin, then `buildPath`. */
export function requestUrl(
  request: Pick<RecordedRequest, "baseUrl" | "path" | "query" | "repeated" | "rawQuery">,
): string {
  const { baseUrl, path, query, repeated, rawQuery } = request;
  return `${splitBaseUrl(baseUrl).origin}${buildPath(baseUrl, path, query, repeated, rawQuery)}`;
}

/**
 * `Accept-Encoding` of every request that names none: a request without the field accepts every content
 * coding (RFC 9110 §12.5.3), so no check could tell a coding nobody asked for (`http.content_encoding_accepted`).
 */
const ACCEPT_ENCODING = "identity";

/**
 * The request's headers as sent and as recorded, before the key: names in lower case (so that a caller's
 * `Accept-Encoding` or `Authorization` replaces the default, never goes beside it), `Accept-Encoding` defaulted.
 */
function headersOf(request: WireRequest, extra: readonly ExtraHeader[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(request.headers ?? {})) headers[k.toLowerCase()] = v;
  headers["accept-encoding"] ??= ACCEPT_ENCODING;
  for (const h of extra) headers[h.name] ??= h.value;
  return headers;
}

/**
 * The request as recorded. A credential given with `--header` is recorded as sent, for the checks; the command's
 * `Redactor` holds its value as a key (`headerSecrets`) and redacts it wherever the exchange is recorded for
 * output (src/redactor.ts): one redaction for keys and header credentials.
 */
function record(request: WireRequest, sent: Record<string, string>): RecordedRequest {
  const headers = { ...sent };
  // The key itself is never recorded: the name of the variable it came from, or <redacted>.
  if (request.apiKey !== undefined) {
    headers.authorization = request.keyEnv ? `Bearer $${request.keyEnv}` : "Bearer <redacted>";
  }
  const recorded: RecordedRequest = {
    method: request.method,
    baseUrl: request.baseUrl,
    path: request.path,
    query: { ...(request.query ?? {}) },
    headers,
  };
  if (request.repeated?.length) recorded.repeated = [...request.repeated];
  if (request.rawQuery !== undefined) recorded.rawQuery = request.rawQuery;
  if (request.body !== undefined) recorded.body = request.body.toString();
  return recorded;
}

/** Sends one request through the transport's pool for its origin and records what happened. */
export async function sendExchange(
  transport: Transport,
  request: WireRequest,
  limits: SendLimits,
): Promise<Exchange> {
  const extra = transport.limits.extraHeaders ?? [];
  const headers = headersOf(request, extra);
  const exchange: Exchange = { operation: request.operation, request: record(request, headers) };
  const started = performance.now();
  if (request.apiKey !== undefined) headers.authorization = `Bearer ${request.apiKey}`;
  try {
    const { head, bytes, cut } = await dispatchCapped(
      transport.pool(splitBaseUrl(request.baseUrl).origin),
      {
        method: request.method as "GET",
        path: buildPath(request.baseUrl, request.path, request.query, request.repeated, request.rawQuery),
        headers,
        body: request.body,
      },
      limits,
    );
    const coding = head.headers["content-encoding"];
    if (coding === undefined && limits.lazyBody && head.status === 200) {
      exchange.response = lazyResponse(head, bytes, cut, performance.now() - started);
    } else {
      const body =
        coding === undefined
          ? decodeBody(bytes, cut)
          : await decodeCodedBody(bytes, cut, coding, limits.maxBodyBytes);
      exchange.response = { ...head, ...body, durationMs: performance.now() - started };
    }
  } catch (err) {
    if (isOutOfMemory(err)) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new HarnessError(
        "CB_OUT_OF_MEMORY",
        `out of memory while exchanging ${request.method} ${request.path.split("?")[0]} with the target: ${reason}`,
        { cause: err },
      );
    }
    exchange.transportError = toTransportFailure(err);
  }
  return exchange;
}
