/**
 * The hostile-input guards of every command that sends requests to a target — `run` (and the library's
 * `run()`) through its engine, `compare`, `replay` — in one place, so that a new command inherits them:
 *
 * - an overall deadline (`--deadline-s`): every send, wait and judging on the worker takes its signal;
 * - an interruption (the CLI's SIGINT/SIGTERM, a library caller's `AbortSignal`) ends them the same way;
 * - giving up on a target that stopped answering: N calls in a row without a response, or M 429s in a row
 *   that waiting `Retry-After` did not clear, from the same target (give-up.ts);
 * - bounded bodies: the transport caps their size and leaves a body past the structure bounds unparsed
 *   (bounded-json.ts); a large one is judged on the judging worker, which the deadline ends (prejudge.ts).
 *
 * The first reason to stop wins (`stopped`): callers end their loop on the `RunStopped` it throws and build
 * an incomplete (or, after a signal, interrupted) report from what they judged.
 */

import { parseRetryAfterSeconds } from "../client/pacing.js";
import { type Clock, SYSTEM_CLOCK } from "../clock.js";
import { HarnessError } from "../errors.js";
import type { Exchange } from "../transport/exchange.js";
import type { Transport, WireRequest } from "../transport/send.js";
import { GiveUpTracker } from "./give-up.js";
import { Prejudged } from "./prejudge.js";
import { RunStopped } from "./run-stopped.js";

/** The limits of the guards (`--deadline-s`, `--give-up-after-failures`, `--give-up-after-429s`). */
export interface GuardLimits {
  deadlineS: number;
  giveUpAfterFailures: number;
  giveUpAfter429s: number;
}

/**
 * Throws `CB_TARGET_UNREACHABLE` (a harness error, exit 2) when a command's first call (`/me`) found no server
 * at all: a refused connection is the user's environment, not an outcome to judge. `which` names the target.
 */
export function assertReachable(exchange: Exchange, which = ""): void {
  if (exchange.transportError?.code !== "CB_CONNECT") return;
  const { baseUrl } = exchange.request;
  throw new HarnessError(
    "CB_TARGET_UNREACHABLE",
    `cannot reach ${which}${baseUrl}: ${exchange.transportError.message}`,
  );
}

/** The guards of one command's sending: deadline, interruption, give-up, judging of large bodies. */
export class SendGuard {
  /** Aborted at the deadline and on an interruption: every send and wait of the command listens to it. */
  readonly deadline = new AbortController();
  /** Large bodies judged on the judging worker, which the deadline can end. */
  readonly prejudged = new Prejudged();
  /** Why sending stopped (the first reason wins). */
  stopped?: RunStopped;
  readonly #giveUps = new Map<string, GiveUpTracker>();
  readonly #clock: Clock;
  readonly #deadlineAt: number;
  readonly #timer: NodeJS.Timeout;
  #unwatch: () => void = () => {};

  constructor(
    readonly limits: GuardLimits,
    options: { signal?: AbortSignal; clock?: Clock } = {},
  ) {
    this.#clock = options.clock ?? SYSTEM_CLOCK;
    this.#deadlineAt = this.#clock.now() + limits.deadlineS * 1000;
    this.#timer = setTimeout(() => this.deadline.abort(), limits.deadlineS * 1000);
    if (options.signal) this.stopOn(options.signal);
  }

  /** The signal every send and wait takes. */
  get signal(): AbortSignal {
    return this.deadline.signal;
  }

  /** Milliseconds left before the deadline. */
  get remainingMs(): number {
    return this.signal.aborted ? 0 : Math.max(0, this.#deadlineAt - this.#clock.now());
  }

  /** Stops sending when `signal` aborts (an interruption): in-flight requests and waits end at once. */
  stopOn(signal: AbortSignal): void {
    const interrupt = () => {
      this.stop("interrupted", "interrupted: sending stopped");
      this.deadline.abort();
    };
    if (signal.aborted) interrupt();
    signal.addEventListener("abort", interrupt, { once: true });
    this.#unwatch = () => signal.removeEventListener("abort", interrupt);
  }

  /** Records why sending stopped (the first reason wins) and returns the error to throw. */
  stop(reason: RunStopped["reason"], message: string): RunStopped {
    this.stopped ??= new RunStopped(reason, message);
    return this.stopped;
  }

  /** The stop at the deadline (or the interruption recorded before it). */
  deadlineStop(detail = ""): RunStopped {
    return this.stop(
      "deadline",
      `stopped at the ${this.limits.deadlineS} s deadline (--deadline-s)${detail}`,
    );
  }

  /** Throws why no further call may start: the deadline or an interruption, or a target that stopped answering. */
  check(): void {
    if (this.signal.aborted) throw this.deadlineStop();
    for (const tracker of this.#giveUps.values()) {
      const giveUp = tracker.reason();
      if (giveUp) throw this.stop(giveUp.kind, giveUp.message);
    }
  }

  /** Notes one call's outcome toward giving up on its target. */
  note(exchange: Exchange): void {
    this.#giveUpOf(exchange).note(exchange);
  }

  /**
   * Sends one request under the deadline and notes its outcome. A call cut by the deadline or an
   * interruption says nothing about the target: the stop is thrown instead of the exchange.
   */
  async send(transport: Transport, request: WireRequest, lazyBody = false): Promise<Exchange> {
    this.check();
    const exchange = await transport.send(request, this.signal, lazyBody);
    this.afterSend(exchange);
    return exchange;
  }

  /**
   * Sends one request of an unpaced command (compare, replay) through the guards: a 429 (when `waitOn429`)
   * is waited out once, its Retry-After counted toward giving up and ended before the deadline, and the
   * request sent again; a second 429 stops sending when `again429` says why. A large body is judged on the
   * worker before anyone reads it, and a deadline that ended that judging stops sending.
   */
  async sendOutlasting429(
    transport: Transport,
    request: WireRequest,
    { waitOn429 = true, again429 }: { waitOn429?: boolean; again429?: string } = {},
  ): Promise<Exchange> {
    let exchange = await this.send(transport, request);
    if (waitOn429 && exchange.response?.status === 429) {
      await this.wait(this.retryAfterWait(exchange) * 1000);
      exchange = await this.send(transport, request);
      if (again429 !== undefined && exchange.response?.status === 429)
        throw this.stop("rate-limited", again429);
    }
    await this.prejudge(exchange);
    if (this.signal.aborted) throw this.deadlineStop();
    return exchange;
  }

  /** What follows every send, however it was scheduled: the stop if the deadline cut it, else the give-up count. */
  afterSend(exchange: Exchange): void {
    if (this.signal.aborted) throw this.deadlineStop();
    this.note(exchange);
  }

  /**
   * The seconds to wait on a 429 nobody asked for (its `Retry-After`, at least 1), counted toward giving up;
   * throws the stop when 429s in a row reached the limit or the wait would pass the deadline.
   */
  retryAfterWait(exchange: Exchange): number {
    this.#giveUpOf(exchange).noteUnexpected429();
    this.check();
    const seconds = parseRetryAfterSeconds(exchange.response?.headers["retry-after"]) ?? 1;
    const waitS = Math.max(1, seconds);
    if (waitS * 1000 > this.remainingMs) {
      throw this.stop(
        "deadline",
        `a 429 asked to wait ${seconds} s (Retry-After), past the --deadline-s ${this.limits.deadlineS} ` +
          "(a daily limit, for example): the remaining checks were not run (inconclusive)",
      );
    }
    return waitS;
  }

  /** Sleeps `ms` unless the deadline or an interruption comes first (then throws the stop). */
  async wait(ms: number): Promise<void> {
    try {
      await this.#clock.sleep(ms, this.signal);
    } catch (err) {
      if (this.signal.aborted) throw this.deadlineStop();
      throw err;
    }
  }

  /**
   * Judges a large body on the judging worker (prejudge.ts) before anyone reads its judgement; when the
   * deadline ends that judgement, sending stops with a reason that says so (the exchange stays unjudged).
   */
  async prejudge(exchange: Exchange): Promise<void> {
    const unfinished = await this.prejudged.add(exchange, this.signal);
    if (unfinished?.reason !== "aborted") return;
    const mib = (Buffer.byteLength(exchange.response?.bodyText ?? "") / 1024 / 1024).toFixed(1);
    const { method, path } = exchange.request;
    this.deadlineStop(
      ` while judging a ${mib} MiB response to ${method} ${path.split("?")[0]}: judging did not finish`,
    );
  }

  /** Ends the deadline timer, the watch on the interruption and the judging worker. */
  async close(): Promise<void> {
    clearTimeout(this.#timer);
    this.#unwatch();
    await this.prejudged.thread.close();
  }

  #giveUpOf(exchange: Exchange): GiveUpTracker {
    const target = exchange.request.baseUrl;
    let tracker = this.#giveUps.get(target);
    if (!tracker) {
      tracker = new GiveUpTracker(
        { failuresInARow: this.limits.giveUpAfterFailures, rateLimitedInARow: this.limits.giveUpAfter429s },
        target,
      );
      this.#giveUps.set(target, tracker);
    }
    return tracker;
  }
}
