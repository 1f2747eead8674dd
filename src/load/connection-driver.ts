/**
 * One autocannon connection under the load driver: it decides when each send goes (its slots of the open
 * model's schedule, or at once in the closed model), pairs each response with the request it answers, and
 * sorts what went wrong (a transport error, a timeout, a close the server announced). Everything it learns
 * goes to the drive (`DriveTally`), which owns the run-wide counts and the stop.
 */
import { performance } from "node:perf_hooks";
import type autocannon from "autocannon";
import {
  checkClientInternals,
  type InternalClient,
  interceptSends,
  onClientError,
} from "./autocannon-internals.js";
import type { PreparedRequest } from "./request-mix.js";
import { type ConnectionSchedule, intendedSendTime } from "./send-schedule.js";
import { LARGE_BODY, type WireResponse } from "./wire-requests.js";

/** What a connection reports to its drive. */
export interface DriveTally {
  /** Whether a send (due at `due`, open model) may start now (call cap, duration, stop); false also stops the drive. */
  maySend(now: number, due?: number): boolean;
  sent(request: PreparedRequest, timerLateMs: number): void;
  answered(request: PreparedRequest, connection: number, response: WireResponse, times: SendTimes): void;
  /** A request got no response: `closed` when the server had announced it would close (or refused a body). */
  lost(request: PreparedRequest | undefined, how: "closed" | "error" | "timeout"): void;
  /** The response the shared request hook saw last, taken once (the client's `response` event follows it). */
  takeAnswer(): WireResponse | undefined;
}

/** When a request was meant to go and when it went (`performance.now()` ms). */
export interface SendTimes {
  intendedAt: number;
  sentAt: number;
}

/** Drives one autocannon client for `tally`. */
export class ConnectionDriver {
  readonly #tally: DriveTally;
  readonly #index: number;
  readonly #schedule: ConnectionSchedule | undefined;
  readonly #client: InternalClient;
  /** The requests this connection sends, in order, looping (autocannon's documented behaviour). */
  readonly #requests: readonly PreparedRequest[];
  /** Sends so far: the next one carries `requests[made mod length]`. */
  #made = 0;
  /** The request in flight, by our own count (autocannon's queue keeps a stale entry after an error). */
  #request: PreparedRequest | undefined;
  #times: SendTimes = { intendedAt: 0, sentAt: 0 };
  /** The last response announced `Connection: close`. */
  #isClosing = false;
  /** A send waits for its slot (open model). */
  #isWaiting = false;

  /** `requests`: this connection's, in the order it sends them; `wireOf`: each request's wire form. */
  constructor(
    raw: autocannon.Client,
    requests: readonly PreparedRequest[],
    wireOf: ReadonlyMap<PreparedRequest, autocannon.Request>,
    tally: DriveTally,
    index: number,
    schedule?: ConnectionSchedule,
  ) {
    this.#client = checkClientInternals(raw);
    this.#requests = requests;
    this.#tally = tally;
    this.#index = index;
    this.#schedule = schedule;
    raw.setRequests(requests.map((r) => wireOf.get(r) as autocannon.Request));
    raw.on("response", () => this.#onResponse());
    onClientError(raw, "connError", () => this.#onConnError());
    onClientError(raw, "timeout", () => this.#lose("timeout"));
    interceptSends(this.#client, (go) => this.#decide(go));
  }

  #onResponse(): void {
    const answer = this.#tally.takeAnswer();
    const request = this.#request;
    if (!answer || !request) return;
    this.#request = undefined;
    this.#isClosing = answer.headers.connection?.toLowerCase() === "close";
    this.#tally.answered(request, this.#index, answer, this.#times);
  }

  #onConnError(): void {
    // A server may refuse an oversize body and close while it is still being sent (RFC 9110 allows it): the
    // refusal then never arrives, but that is the server's right, not a transport failure.
    const isOversize = (this.#request?.body?.length ?? 0) > LARGE_BODY;
    this.#lose(this.#isClosing || isOversize ? "closed" : "error");
    this.#isClosing = false;
  }

  #lose(how: "closed" | "error" | "timeout"): void {
    this.#tally.lost(this.#request, how);
    this.#request = undefined;
  }

  /** autocannon asks to send (on connect, after each response): now, at the connection's slot, or never. */
  #decide(go: () => void): void {
    if (!this.#schedule) {
      this.#send(go);
      return;
    }
    // A reconnect (the server closed the connection, e.g. after a 413) asks again while the send after the
    // last response still waits for its slot: a second send would put two requests in flight on one
    // connection and pair responses with the wrong requests.
    if (this.#isWaiting) return;
    const due = this.#schedule.nextDue();
    const wait = due - performance.now();
    if (wait <= 0) {
      this.#send(go, due);
      return;
    }
    this.#isWaiting = true;
    setTimeout(() => {
      this.#isWaiting = false;
      this.#send(go, due, true);
    }, wait);
  }

  #send(go: () => void, due?: number, isTimed = false): void {
    const now = performance.now();
    if (this.#client.destroyed || !this.#tally.maySend(now, due)) return;
    const request = this.#requests[this.#made++ % this.#requests.length];
    this.#request = request;
    this.#times = { sentAt: now, intendedAt: intendedSendTime(due, now) };
    // A timer that fires late is this machine falling behind its own schedule, not the target.
    this.#tally.sent(request, isTimed && due !== undefined ? Math.max(0, now - due) : 0);
    go();
  }
}
