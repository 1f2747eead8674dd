/**
 * The forwarding side's queue to the judge thread: raw exchanges are queued as they end and posted in batches
 * (one flat array and one buffer of bodies, moved, not copied: judge-wire.ts), so forwarding never waits on
 * judging. The thread itself (start, death, restart) is a `WorkerHost`; this file only schedules. Every
 * exchange given is accounted for: judged, or counted as not judged with why —
 * - `skipped`: judging was too far behind (more than `maxBacklog` exchanges or `maxBacklogBytes` bytes queued);
 * - `lost`: the judge thread died with it (out of memory, a crash); the next batch starts a new thread;
 * - `stopped`: the session's stop came before it was judged (`drain`'s signal).
 */
import { WorkerHost, WorkerLost } from "../worker-host.js";
import { siblingModule } from "../worker-thread.js";
import { batchBytes, encodeBatch } from "./judge-wire.js";
import type { JudgedBatch, JudgeThreadSession, SessionBatch } from "./judge-worker.js";
import { PROXY_MAX_BODY_BYTES } from "./proxy-defaults.js";
import type { RawExchange } from "./raw-exchange.js";

/** Limits of the judge queue and thread. */
export interface JudgeThreadOptions {
  /** Exchanges queued or being judged before new ones are skipped; default 20,000. */
  maxBacklog?: number;
  /** Body bytes queued or being judged before new exchanges are skipped; default 64 MiB. */
  maxBacklogBytes?: number;
  /** Most bytes a gzip body may decode to before it is judged unusable (the proxy's `--max-body-bytes`). */
  maxBodyBytes?: number;
  /** The judge thread's heap cap in MiB (default `PROXY_JUDGE_HEAP_MIB`); past it the thread dies and restarts. */
  heapMib?: number;
}

/**
 * The judge thread's default heap: a 16 MiB body (the default cap) parses into a few hundred MiB at worst; a
 * body that needs more ends the thread (its batch unjudged, counted), not the proxy.
 */
export const PROXY_JUDGE_HEAP_MIB = 512;
/** Judge sessions started in this process (each `JudgeThread` is one). */
let sessions = 0;
/** Exchanges per message: large enough to amortise a post, small enough to keep verdicts prompt. */
const BATCH = 64;
/** A partial batch waits this long for company: waking the judge thread per exchange costs more than judging. */
const LINGER_MS = 10;

/** What the queue tells its session. */
export interface JudgeThreadHooks {
  /** Each batch's verdicts. */
  onJudged(batch: JudgedBatch): void;
  /** `count` exchanges were not judged because the judge thread died (`why`); it restarts for the next. */
  onLost?(count: number, why: string): void;
}

/** One judge thread for one proxy session. */
export class JudgeThread {
  readonly #host: WorkerHost<SessionBatch, JudgedBatch>;
  /** Sent with every batch: the thread judges this session's calls together, apart from any other's. */
  readonly #session: JudgeThreadSession;
  #pending: RawExchange[] = [];
  #timer: NodeJS.Timeout | undefined;
  /** Exchanges and bytes queued or posted and not answered. */
  #backlog = 0;
  #backlogBytes = 0;
  #idle: (() => void)[] = [];
  #isStopped = false;
  /** The last death, while its batches are being counted. */
  #loss: { err: WorkerLost; count: number } | undefined;
  readonly #flushSoon = () => this.#flush();
  readonly maxBacklog: number;
  readonly maxBacklogBytes: number;
  /** Exchanges not judged because judging was too far behind. */
  skipped = 0;
  /** Exchanges not judged because the judge thread died with them, and the deaths' messages (first few). */
  lost = 0;
  readonly deaths: string[] = [];
  /** Exchanges not judged because the session stopped first. */
  stopped = 0;

  constructor(
    baseUrl: string,
    readonly hooks: JudgeThreadHooks,
    options: JudgeThreadOptions = {},
  ) {
    this.maxBacklog = options.maxBacklog ?? 20_000;
    this.maxBacklogBytes = options.maxBacklogBytes ?? 64 * 1024 * 1024;
    this.#session = {
      id: String(++sessions),
      baseUrl,
      maxBodyBytes: options.maxBodyBytes ?? PROXY_MAX_BODY_BYTES,
    };
    this.#host = new WorkerHost({
      entry: siblingModule(import.meta.url, "judge-worker"),
      heapMib: options.heapMib ?? PROXY_JUDGE_HEAP_MIB,
      name: "the judge thread",
      // Every batch names its session, which the thread judges apart from any other: a next proxy may use it.
      reusable: true,
    });
  }

  /** Judge threads started (the first, and one after each death). */
  get started(): number {
    return this.#host.started;
  }

  /** Starts the judge thread; resolves once its validators are ready, rejects if it cannot start. */
  ready(): Promise<void> {
    return this.#host.ready();
  }

  /** Queues one exchange; false (and counted) when judging is too far behind or the session stopped. */
  submit(raw: RawExchange): boolean {
    const bytes = (raw.body?.byteLength ?? 0) + (raw.responseBody?.byteLength ?? 0);
    if (this.#isStopped) {
      this.stopped++;
      return false;
    }
    if (this.#backlog >= this.maxBacklog || this.#backlogBytes + bytes > this.maxBacklogBytes) {
      this.skipped++;
      return false;
    }
    this.#backlog++;
    this.#backlogBytes += bytes;
    this.#pending.push(raw);
    if (this.#pending.length >= BATCH) this.#flush();
    else this.#timer ??= setTimeout(this.#flushSoon, LINGER_MS).unref();
    return true;
  }

  /**
   * Resolves when every queued exchange has been judged (or lost). When `stop` aborts first, the judge thread is
   * ended at once and what it had not judged is counted as `stopped`; so is anything submitted after.
   */
  drain(stop?: AbortSignal): Promise<void> {
    this.#flush();
    const drained = new Promise<void>((resolve) => {
      if (this.#backlog === 0) resolve();
      else this.#idle.push(resolve);
    });
    if (!stop) return drained;
    const onStop = () => {
      this.#isStopped = true;
      this.#flush();
      this.#host.stop(new WorkerLost("aborted", "the session stopped"));
    };
    if (stop.aborted) onStop();
    else stop.addEventListener("abort", onStop, { once: true });
    return drained.finally(() => stop.removeEventListener("abort", onStop));
  }

  /** Ends the judge thread. */
  close(): Promise<void> {
    clearTimeout(this.#timer);
    return this.#host.close();
  }

  #flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#pending.length === 0) return;
    const exchanges = this.#pending;
    this.#pending = [];
    const bytes = batchBytes(exchanges);
    if (this.#isStopped) {
      this.#settle(exchanges.length, bytes);
      this.stopped += exchanges.length;
      return;
    }
    const batch = encodeBatch(exchanges);
    this.#host.post({ session: this.#session, batch }, [batch.bytes.buffer as ArrayBuffer]).then(
      (judged) => {
        this.#settle(exchanges.length, bytes);
        this.hooks.onJudged(judged);
      },
      (err: WorkerLost) => {
        this.#settle(exchanges.length, bytes);
        if (err.reason === "aborted") this.stopped += exchanges.length;
        else this.#lose(exchanges.length, err);
      },
    );
  }

  /** Removes an answered or lost batch from the backlog. */
  #settle(count: number, bytes: number): void {
    this.#backlog -= count;
    this.#backlogBytes -= bytes;
    if (this.#backlog === 0) for (const resolve of this.#idle.splice(0)) resolve();
  }

  /**
   * Counts a batch lost with the judge thread. One death loses every batch on it (the same `err`): the session
   * is told once, after all of them are counted.
   */
  #lose(count: number, err: WorkerLost): void {
    this.lost += count;
    if (this.#loss?.err === err) {
      this.#loss.count += count;
      return;
    }
    const loss = { err, count };
    this.#loss = loss;
    if (this.deaths.length < 5) this.deaths.push(err.message);
    queueMicrotask(() => this.hooks.onLost?.(loss.count, err.message));
  }
}
