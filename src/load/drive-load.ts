/**
 * Drives load with autocannon and reports every response with its own timing.
 *
 * autocannon's histogram is whole milliseconds and, at a fixed rate, its own coordinated-omission
 * correction assumes its bursty per-second rate; so we pace sends ourselves (each connection sends its
 * k-th request no earlier than its slot on a uniform schedule, `send-schedule.ts`) and time every request
 * ourselves: `sentAt` (when it was handed to the connection) and `intendedAt` (its slot, never later than
 * `sentAt`). Each connection is a `ConnectionDriver`; this file holds what they share: the counts, the
 * stop at the call cap or the duration, and what the run reached (requests in flight at once, sends late on
 * their own schedule). Responses come through autocannon's public hooks; only the send itself is
 * intercepted (`autocannon-internals.ts`).
 */
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { ConnectionDriver, type DriveTally, type SendTimes } from "./connection-driver.js";
import type { PreparedRequest } from "./request-mix.js";
import type { Segment } from "./segment.js";
import { ConnectionSchedule, connectionRequests } from "./send-schedule.js";
import { headerRecord, type WireResponse, wireRequests } from "./wire-requests.js";

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
  /** The part of a run split over processes this drive sends (`--segment`); default the whole run. */
  segment?: Segment;
}

/** Sends whose timer fired this much after their slot count as late: this machine fell behind. */
export const LATE_SEND_MS = 10;

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
  /** Most requests in flight at once, over all connections and per mix item. */
  maxInFlight: number;
  maxInFlightByItem: Record<string, number>;
  /**
   * Open model: sends whose own timer fired more than `LATE_SEND_MS` after their slot, and the time lost so
   * (summed over connections): this machine, not the target, kept them back.
   */
  lateSends: number;
  lateMs: number;
}

/** How often autocannon samples, and so how soon after its stop a drive ends (its default is 1000 ms). */
const SAMPLE_MS = 100;

/** Runs one load phase and resolves when it has stopped (always: duration, call cap, or abort). */
export function driveLoad(options: DriveOptions): Promise<DriveResult> {
  return new LoadDrive(options).run();
}

/** One phase of load: the counts every connection shares, and the stop. */
class LoadDrive implements DriveTally {
  readonly #options: DriveOptions;
  readonly #startedAt = performance.now();
  readonly #endAt: number;
  readonly #connections: number;
  #sent = 0;
  #responses = 0;
  #transportErrors = 0;
  #timeouts = 0;
  #closedByServer = 0;
  #lastEndedAt: number;
  #inFlight = 0;
  #maxInFlight = 0;
  readonly #byItem = new Map<string, { now: number; most: number }>();
  #lateSends = 0;
  #lateMs = 0;
  /** The request hook does not say which connection it answers; the client's `response` event, right after it. */
  #answer: WireResponse | undefined;
  #isStopped = false;
  #instance: autocannon.Instance | undefined;

  constructor(options: DriveOptions) {
    this.#options = options;
    this.#endAt = this.#startedAt + options.durationSeconds * 1000;
    this.#connections = Math.max(1, Math.min(options.connections, options.maxCalls));
    this.#lastEndedAt = this.#startedAt;
    for (const r of options.requests) this.#byItem.set(r.name, { now: 0, most: 0 });
  }

  maySend(now: number, due?: number): boolean {
    if (this.#isStopped) return false;
    // autocannon checks its duration only once a second; we stop sending at the exact end. A slot due at or
    // after the end is not sent even when its timer fired a little early (timers have millisecond
    // granularity): the phase sends exactly the slots due before its end, so that N segments add up to one
    // process's count.
    if (this.#sent < this.#options.maxCalls && Math.max(now, due ?? now) < this.#endAt) return true;
    this.stop();
    return false;
  }

  sent(request: PreparedRequest, timerLateMs: number): void {
    this.#sent++;
    this.#inFlight++;
    this.#maxInFlight = Math.max(this.#maxInFlight, this.#inFlight);
    const item = this.#byItem.get(request.name)!;
    item.now++;
    item.most = Math.max(item.most, item.now);
    if (timerLateMs > LATE_SEND_MS) {
      this.#lateSends++;
      this.#lateMs += timerLateMs;
    }
  }

  #settle(request: PreparedRequest): void {
    this.#inFlight--;
    this.#byItem.get(request.name)!.now--;
    if (this.#isStopped && this.#inFlight === 0) this.#instance?.stop();
  }

  answered(request: PreparedRequest, connection: number, r: WireResponse, times: SendTimes): void {
    this.#settle(request);
    this.#responses++;
    this.#lastEndedAt = r.endedAt;
    this.#options.onResponse({
      request,
      connection,
      status: r.status,
      headers: r.headers,
      body: r.body ?? "",
      ...times,
      endedAt: r.endedAt,
    });
  }

  lost(request: PreparedRequest | undefined, how: "closed" | "error" | "timeout"): void {
    if (request) this.#settle(request);
    if (how === "closed") this.#closedByServer++;
    else this.#transportErrors++;
    if (how === "timeout") this.#timeouts++;
  }

  takeAnswer(): WireResponse | undefined {
    const answer = this.#answer;
    this.#answer = undefined;
    return answer;
  }

  /**
   * Sends no more (the call cap, the end of the phase); the drive ends as soon as the requests in flight are
   * answered or lost (autocannon's own duration bounds that wait), not at its next once-a-second tick.
   */
  stop = (): void => {
    if (this.#isStopped) return;
    this.#isStopped = true;
    if (this.#inFlight === 0) this.#instance?.stop();
  };

  /** Ends the drive now, with requests in flight or not (an interruption, the run's deadline). */
  halt = (): void => {
    this.#isStopped = true;
    this.#instance?.stop();
  };

  #result(): DriveResult {
    return {
      sent: this.#sent,
      responses: this.#responses,
      transportErrors: this.#transportErrors,
      timeouts: this.#timeouts,
      closedByServer: this.#closedByServer,
      startedAt: this.#startedAt,
      activeMs: this.#lastEndedAt - this.#startedAt,
      durationMs: performance.now() - this.#startedAt,
      maxInFlight: this.#maxInFlight,
      maxInFlightByItem: Object.fromEntries([...this.#byItem].map(([name, n]) => [name, n.most])),
      lateSends: this.#lateSends,
      lateMs: this.#lateMs,
    };
  }

  run(): Promise<DriveResult> {
    const options = this.#options;
    const url = new URL(options.baseUrl);
    const basePath = url.pathname.replace(/\/$/, "");
    const wire = wireRequests(options.requests, basePath, (status, body, _context, headers) => {
      // Stamped first: reading the headers is not the target's time.
      const endedAt = performance.now();
      this.#answer = { status, body, headers: headerRecord(headers), endedAt };
    });
    const wireOf = new Map(options.requests.map((r, i) => [r, wire[i]]));
    let clients = 0;
    const setupClient = (raw: autocannon.Client) => {
      const index = clients++;
      const schedule = options.rate
        ? new ConnectionSchedule(this.#startedAt, options.rate, this.#connections, index, options.segment)
        : undefined;
      // Open model: a connection's sends carry the requests of its slots in the whole run's schedule, so
      // that N segments send what one process would; closed model: the mix in order.
      const requests = schedule
        ? connectionRequests(options.requests, index, this.#connections, options.segment)
        : options.requests;
      new ConnectionDriver(raw, requests, wireOf, this, index, schedule);
    };
    return new Promise<DriveResult>((resolve, reject) => {
      let isSettled = false;
      const finish = () => {
        if (isSettled) return;
        isSettled = true;
        clearTimeout(hardStop);
        options.signal?.removeEventListener("abort", this.halt);
        resolve(this.#result());
      };
      // Belt and braces: whatever autocannon does, the phase ends shortly after its duration.
      const hardStop = setTimeout(
        () => {
          this.halt();
          setTimeout(() => finish(), 3000).unref();
        },
        options.durationSeconds * 1000 + 5000,
      );
      try {
        this.#instance = autocannon(
          {
            url: `${url.origin}${basePath}`,
            connections: this.#connections,
            duration: options.durationSeconds,
            headers: { authorization: `Bearer ${options.apiKey}`, accept: "application/json" },
            // Replaced by the shared list in `setupClient` before anything is sent.
            requests: [{ method: "GET", path: `${basePath}/` }],
            setupClient,
            timeout: 10,
            // autocannon ends a stopped run at its next sample: every 100 ms rather than every second, so that
            // a phase that reached its call cap (a burst, a one-call probe) ends when its last answer came.
            sampleInt: SAMPLE_MS,
          },
          (err) => (err ? reject(err) : finish()),
        );
      } catch (err) {
        clearTimeout(hardStop);
        reject(err);
        return;
      }
      options.signal?.addEventListener("abort", this.halt, { once: true });
      // Aborted before this phase began (during a warm-up, say): an abort event will not come again.
      if (options.signal?.aborted) this.halt();
    });
  }
}
