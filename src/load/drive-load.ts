/**
 * Drives load with autocannon and reports every response with its own timing.
 *
 * autocannon's histogram is whole milliseconds and, at a fixed rate, its own coordinated-omission
 * correction assumes its bursty per-second rate; so we pace sends ourselves (each connection sends its
 * k-th request no earlier than its intended time on a uniform schedule) and time every request ourselves:
 * `sentAt` (when it went on the wire) and `intendedAt` (when the schedule wanted it sent).
 */
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import type { PreparedRequest } from "./request-mix.js";

/** One response as the load generator saw it; times are `performance.now()` milliseconds. */
export interface ResponseSample {
  request: PreparedRequest;
  status: number;
  /** Header names lower-cased; repeated headers joined with ", " (RFC 9110 list syntax). */
  headers: Record<string, string>;
  body: string;
  intendedAt: number;
  sentAt: number;
  endedAt: number;
}

/** How to drive. */
export interface DriveOptions {
  baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>`; never stored elsewhere. */
  apiKey: string;
  requests: PreparedRequest[];
  connections: number;
  /** Fixed overall rate (requests/s); absent = closed model. */
  rate?: number;
  /** Stop after this many requests have been sent. */
  maxCalls: number;
  /** Stop after this many seconds. */
  durationSeconds: number;
  onResponse(sample: ResponseSample): void;
  /** Aborts the run early (global deadline). */
  signal?: AbortSignal;
}

/** What happened besides responses. */
export interface DriveResult {
  sent: number;
  responses: number;
  /** Connection errors and timeouts (requests that got no response). */
  transportErrors: number;
  timeouts: number;
  /**
   * Requests lost because the server closed the connection after announcing it (`Connection: close`,
   * e.g. after a 413), or while an oversize body was still being sent: not a transport failure.
   */
  closedByServer: number;
  startedAt: number;
  /** From the start to the last response (the span throughput is measured over). */
  activeMs: number;
  durationMs: number;
}

interface PacedClient {
  destroyed: boolean;
  reqsMade: number;
  requestIterator: {
    currentRequest: AutocannonRequest;
    recordBody(
      req: unknown,
      status: number,
      body: string | undefined,
      rawHeaders: string[] | undefined,
    ): void;
  };
  _doRequest(): void;
}

/** Bodies above this are oversize probes (see `closedByServer`). */
const LARGE_BODY = 64 * 1024;

/** Raw `[name, value, name, value, …]` headers as a lower-cased record. */
export function headerRecord(raw: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    out[name] = name in out ? `${out[name]}, ${raw[i + 1]}` : raw[i + 1];
  }
  return out;
}

/** autocannon deep-copies requests per connection, so each carries the index of its prepared request. */
type AutocannonRequest = autocannon.Request & { preparedIndex?: number };

/** Runs one load phase and resolves when it has stopped (always: duration, call cap, or abort). */
export function driveLoad(options: DriveOptions): Promise<DriveResult> {
  const startedAt = performance.now();
  const url = new URL(options.baseUrl);
  const basePath = url.pathname.replace(/\/$/, "");
  const connections = Math.max(1, Math.min(options.connections, options.maxCalls));
  const intervalMs = options.rate ? (1000 * connections) / options.rate : 0;
  let sent = 0;
  let responses = 0;
  let capped = false;
  let transportErrors = 0;
  let timeouts = 0;
  let closedByServer = 0;
  let lastEndedAt = startedAt;
  const endAt = startedAt + options.durationSeconds * 1000;
  // A request repeated in the mix stays one object (autocannon's per-connection deep copy keeps shared
  // references), so its wire copy is held once per connection.
  const unique = new Map<PreparedRequest, AutocannonRequest>();
  const requests: AutocannonRequest[] = options.requests.map((r, preparedIndex) => {
    let req = unique.get(r);
    if (!req) {
      req = {
        method: r.method,
        path: basePath + r.path,
        body: r.body,
        headers: r.body === undefined ? {} : { "content-type": "application/json" },
        preparedIndex,
      };
      unique.set(r, req);
    }
    return req;
  });
  let clientIndex = 0;
  const setupClient = (raw: autocannon.Client) => {
    const client = raw as unknown as PacedClient;
    const index = clientIndex++;
    let k = 0;
    const state = {
      intendedAt: 0,
      sentAt: 0,
      request: undefined as PreparedRequest | undefined,
      closing: false,
    };
    const events = raw as unknown as NodeJS.EventEmitter;
    events.on("connError", () => {
      // A server may refuse an oversize body and close while it is still being sent (RFC 9110 allows it):
      // the refusal then never arrives, but that is the server's right, not a transport failure.
      const isOversize = (state.request?.body?.length ?? 0) > LARGE_BODY;
      if (state.closing || isOversize) closedByServer++;
      else transportErrors++;
      state.request = undefined;
      state.closing = false;
    });
    events.on("timeout", () => {
      timeouts++;
      transportErrors++;
      state.request = undefined;
    });
    // autocannon hands every parsed response to its request iterator; taking it there skips the
    // per-response header regrouping it does for `onResponse` hooks.
    client.requestIterator.recordBody = (_req, status, body, rawHeaders) => {
      const endedAt = performance.now();
      if (!state.request) return;
      responses++;
      lastEndedAt = endedAt;
      const headers = headerRecord(rawHeaders ?? []);
      options.onResponse({
        request: state.request,
        status,
        headers,
        body: body ?? "",
        intendedAt: state.intendedAt,
        sentAt: state.sentAt,
        endedAt,
      });
      state.request = undefined;
      state.closing = headers.connection?.toLowerCase() === "close";
    };
    const original = client._doRequest.bind(client);
    const send = (intendedAt: number) => {
      if (client.destroyed || capped) return;
      // autocannon checks its duration only once a second; we stop sending at the exact end.
      if (sent >= options.maxCalls || performance.now() >= endAt) return stopAtCap();
      const before = client.reqsMade;
      original();
      if (client.reqsMade > before) {
        sent++;
        state.sentAt = performance.now();
        state.intendedAt = intendedAt || state.sentAt;
        state.request = options.requests[client.requestIterator.currentRequest.preparedIndex ?? 0];
      }
    };
    client._doRequest = () => {
      if (!intervalMs) return send(0);
      // Connection `index` owns slots index, index + C, index + 2C … of the uniform schedule.
      const due = startedAt + (index * intervalMs) / connections + k++ * intervalMs;
      const wait = due - performance.now();
      if (wait > 0) setTimeout(() => send(due), wait);
      else send(due);
    };
  };
  let instance: autocannon.Instance | undefined;
  const stopAtCap = () => {
    if (capped) return;
    capped = true;
    instance?.stop();
  };
  return new Promise<DriveResult>((resolve, reject) => {
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(hardStop);
      options.signal?.removeEventListener("abort", stopAtCap);
      resolve({
        sent,
        responses,
        transportErrors,
        timeouts,
        closedByServer,
        startedAt,
        activeMs: lastEndedAt - startedAt,
        durationMs: performance.now() - startedAt,
      });
    };
    // Belt and braces: whatever autocannon does, the phase ends shortly after its duration.
    const hardStop = setTimeout(
      () => {
        stopAtCap();
        setTimeout(() => finish(), 3000).unref();
      },
      options.durationSeconds * 1000 + 5000,
    );
    try {
      instance = autocannon(
        {
          url: `${url.origin}${basePath}`,
          connections,
          duration: options.durationSeconds,
          headers: { authorization: `Bearer ${options.apiKey}`, accept: "application/json" },
          requests,
          setupClient,
          timeout: 10,
        },
        (err) => (err ? reject(err) : finish()),
      );
    } catch (err) {
      clearTimeout(hardStop);
      reject(err);
      return;
    }
    options.signal?.addEventListener("abort", stopAtCap, { once: true });
  });
}
