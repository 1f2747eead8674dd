/**
 * Drives load with autocannon and reports every response with its own timing.
 *
 * autocannon's histogram is whole milliseconds and, at a fixed rate, its own coordinated-omission
 * correction assumes its bursty per-second rate; so we pace sends ourselves (each connection sends its
 * k-th request no earlier than its slot on a uniform schedule, `send-schedule.ts`) and time every request
 * ourselves: `sentAt` (when it was handed to the connection) and `intendedAt` (its slot, never later than
 * `sentAt`). Responses come through autocannon's public hooks; only the send itself is intercepted
 * (`autocannon-internals.ts`).
 */
import type { IncomingHttpHeaders } from "node:http";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { checkClientInternals, interceptSends, onClientError } from "./autocannon-internals.js";
import type { PreparedRequest } from "./request-mix.js";
import { ConnectionSchedule, intendedSendTime } from "./send-schedule.js";
import { headerRecord, LARGE_BODY, type WireResponseHook, wireRequests } from "./wire-requests.js";

/** One response as the load generator saw it; times are `performance.now()` milliseconds. */
export interface ResponseSample {
  request: PreparedRequest;
  /** Which connection sent it (0 … connections − 1). */
  connection: number;
  status: number;
  /** Header names lower-cased; repeated headers joined with ", " (RFC 9110 list syntax). */
  headers: Record<string, string>;
  body: string;
  /** When the schedule wanted it sent (open model), never after `sentAt`; `sentAt` in the closed model. */
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

/** A response as autocannon's `onResponse` hook gives it, waiting for its client's `response` event. */
interface WireResponse {
  status: number;
  body: string;
  headers: IncomingHttpHeaders | undefined;
  endedAt: number;
}

/** Runs one load phase and resolves when it has stopped (always: duration, call cap, or abort). */
export function driveLoad(options: DriveOptions): Promise<DriveResult> {
  const startedAt = performance.now();
  const url = new URL(options.baseUrl);
  const basePath = url.pathname.replace(/\/$/, "");
  const connections = Math.max(1, Math.min(options.connections, options.maxCalls));
  let sent = 0;
  let responses = 0;
  let capped = false;
  let transportErrors = 0;
  let timeouts = 0;
  let closedByServer = 0;
  let lastEndedAt = startedAt;
  const endAt = startedAt + options.durationSeconds * 1000;
  // The request hook does not say which connection answered; the client's `response` event, emitted
  // right after it in the same call, does: the hook leaves the response here for that event.
  let answered: WireResponse | undefined;
  const onWireResponse: WireResponseHook = (status, body, _context, headers) => {
    answered = { status, body, headers, endedAt: performance.now() };
  };
  const wire = wireRequests(options.requests, basePath, onWireResponse);
  let clientIndex = 0;
  const setupClient = (raw: autocannon.Client) => {
    const client = checkClientInternals(raw);
    raw.setRequests(wire);
    const index = clientIndex++;
    const schedule = options.rate
      ? new ConnectionSchedule(startedAt, options.rate, connections, index)
      : undefined;
    // Each client loops over the requests in order (autocannon's documented behaviour): its n-th send is
    // request n modulo their number. The request in flight is known from our own count, not from
    // autocannon's queue, which keeps a stale entry after a connection error.
    let made = 0;
    const state = {
      intendedAt: 0,
      sentAt: 0,
      request: undefined as PreparedRequest | undefined,
      closing: false,
      /** A send is waiting for its slot (open model). */
      isWaiting: false,
    };
    raw.on("response", () => {
      const r = answered;
      answered = undefined;
      if (!r || !state.request) return;
      responses++;
      lastEndedAt = r.endedAt;
      const headers = headerRecord(r.headers);
      options.onResponse({
        request: state.request,
        connection: index,
        status: r.status,
        headers,
        body: r.body ?? "",
        intendedAt: state.intendedAt,
        sentAt: state.sentAt,
        endedAt: r.endedAt,
      });
      state.request = undefined;
      state.closing = headers.connection?.toLowerCase() === "close";
    });
    onClientError(raw, "connError", () => {
      // A server may refuse an oversize body and close while it is still being sent (RFC 9110 allows it):
      // the refusal then never arrives, but that is the server's right, not a transport failure.
      const isOversize = (state.request?.body?.length ?? 0) > LARGE_BODY;
      if (state.closing || isOversize) closedByServer++;
      else transportErrors++;
      state.request = undefined;
      state.closing = false;
    });
    onClientError(raw, "timeout", () => {
      timeouts++;
      transportErrors++;
      state.request = undefined;
    });
    const send = (go: () => void, due?: number) => {
      if (client.destroyed || capped) return;
      const now = performance.now();
      // autocannon checks its duration only once a second; we stop sending at the exact end.
      if (sent >= options.maxCalls || now >= endAt) return stopAtCap();
      sent++;
      state.request = options.requests[made++ % options.requests.length];
      state.sentAt = now;
      state.intendedAt = intendedSendTime(due, now);
      go();
    };
    interceptSends(client, (go) => {
      if (!schedule) return send(go);
      // A reconnect (the server closed the connection, e.g. after a 413) asks again while the send after the
      // last response still waits for its slot: a second send would put two requests in flight on one
      // connection and pair responses with the wrong requests.
      if (state.isWaiting) return;
      const due = schedule.nextDue();
      const wait = due - performance.now();
      if (wait <= 0) return send(go, due);
      state.isWaiting = true;
      setTimeout(() => {
        state.isWaiting = false;
        send(go, due);
      }, wait);
    });
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
          // Replaced by the shared list in `setupClient` before anything is sent.
          requests: [{ method: "GET", path: `${basePath}/` }],
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
    // Aborted before this phase began (during a warm-up, say): an abort event will not come again.
    if (options.signal?.aborted) stopAtCap();
  });
}
