/**
 * The forwarding side's handle on the judge thread: raw exchanges are queued as they end and posted in
 * batches (one flat array and one buffer of bodies, moved, not copied: judge-wire.ts), so forwarding never
 * waits on judging. The queue is bounded:
 * when judging falls behind by more than `maxBacklog` exchanges or `maxBacklogBytes` bytes, further exchanges
 * are counted as not judged (`skipped`) instead of growing memory.
 */
import type { Worker } from "node:worker_threads";
import { siblingModule, startWorkerThread } from "../worker-thread.js";
import { PROXY_MAX_BODY_BYTES } from "./judge-server.js";
import type { JudgedExchange } from "./judge-session.js";
import { encodeBatch } from "./judge-wire.js";
import { type FromJudge, JUDGE_FLAG, type ToJudge } from "./judge-worker.js";
import type { RawExchange } from "./raw-exchange.js";

/** Limits of the judge queue. */
export interface JudgeThreadOptions {
  /** Exchanges queued or being judged before new ones are skipped; default 20,000. */
  maxBacklog?: number;
  /** Body bytes queued or being judged before new exchanges are skipped; default 64 MiB. */
  maxBacklogBytes?: number;
  /** Most bytes a gzip body may decode to before it is judged unusable (the proxy's `--max-body-bytes`). */
  maxBodyBytes?: number;
}

/** Exchanges per message: large enough to amortise a post, small enough to keep verdicts prompt. */
const BATCH = 64;
/** A partial batch waits this long for company: waking the judge thread per exchange costs more than judging. */
const LINGER_MS = 10;

const sizeOf = (r: RawExchange) => (r.body?.byteLength ?? 0) + (r.responseBody?.byteLength ?? 0);

/** One judge thread for one proxy session. */
export class JudgeThread {
  #pending: RawExchange[] = [];
  #timer: NodeJS.Timeout | undefined;
  /** Exchanges and bytes posted and not yet answered, per batch in order. */
  #inFlight: { count: number; bytes: number }[] = [];
  #backlog = 0;
  #backlogBytes = 0;
  #idle: (() => void)[] = [];
  readonly #flushSoon = () => this.#flush();
  /** Exchanges not judged because the judge thread was too far behind (or had died). */
  skipped = 0;
  /** Why the judge thread died, if it did (a tool failure: the exchanges it held count as skipped). */
  failure: string | undefined;

  private constructor(
    readonly worker: Worker,
    readonly onJudged: (r: JudgedExchange) => void,
    readonly maxBacklog: number,
    readonly maxBacklogBytes: number,
    readonly onClean: ((count: number, keyHashes: string[]) => void) | undefined,
  ) {}

  /**
   * Starts the judge thread for a session against `baseUrl`; resolves once its schemas are compiled.
   * `onJudged` gets each exchange with findings (or not judged on the server side); `onClean` the number of
   * the others per batch, and their distinct key hashes.
   */
  static async start(
    baseUrl: string,
    onJudged: (r: JudgedExchange) => void,
    options: JudgeThreadOptions = {},
    onClean?: (count: number, keyHashes: string[]) => void,
  ): Promise<JudgeThread> {
    const worker = startWorkerThread(siblingModule(import.meta.url, "judge-worker"), {
      [JUDGE_FLAG]: true,
      baseUrl,
      maxBodyBytes: options.maxBodyBytes ?? PROXY_MAX_BODY_BYTES,
    });
    const thread = new JudgeThread(
      worker,
      onJudged,
      options.maxBacklog ?? 20_000,
      options.maxBacklogBytes ?? 64 * 1024 * 1024,
      onClean,
    );
    await new Promise<void>((resolve, reject) => {
      worker.once("error", reject);
      worker.on("message", (m: FromJudge) => {
        if (m.type === "ready") resolve();
        else thread.#onJudged(m);
      });
    });
    worker.on("error", (err) => thread.#onDeath(err.message));
    return thread;
  }

  /** Queues one exchange; false (and counted in `skipped`) when judging is too far behind. */
  submit(raw: RawExchange): boolean {
    const bytes = sizeOf(raw);
    if (
      this.failure !== undefined ||
      this.#backlog >= this.maxBacklog ||
      this.#backlogBytes + bytes > this.maxBacklogBytes
    ) {
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

  /** Resolves when every queued exchange has been judged. */
  drain(): Promise<void> {
    this.#flush();
    if (this.#backlog === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** Stops the judge thread. */
  async close(): Promise<void> {
    await this.worker.terminate();
  }

  #flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#pending.length === 0 || this.failure !== undefined) return;
    const exchanges = this.#pending;
    this.#pending = [];
    const batch = encodeBatch(exchanges);
    this.#inFlight.push({ count: exchanges.length, bytes: batch.bytes.byteLength });
    this.worker.postMessage({ type: "batch", batch } satisfies ToJudge, [batch.bytes.buffer as ArrayBuffer]);
  }

  #onDeath(message: string): void {
    this.failure = message;
    this.skipped += this.#backlog;
    this.#backlog = 0;
    this.#backlogBytes = 0;
    this.#pending = [];
    this.#inFlight = [];
    for (const resolve of this.#idle.splice(0)) resolve();
  }

  #onJudged(m: Extract<FromJudge, { type: "judged" }>): void {
    const batch = this.#inFlight.shift();
    this.#backlog -= batch?.count ?? m.count;
    this.#backlogBytes -= batch?.bytes ?? 0;
    for (const r of m.results) this.onJudged(r);
    const clean = m.count - m.results.length;
    if (clean > 0) this.onClean?.(clean, m.cleanKeys);
    if (this.#backlog === 0) for (const resolve of this.#idle.splice(0)) resolve();
  }
}
